// The panel's page: its strict CSP, the view's script and stylesheets, and the messages a new view reads from the page
// itself before it says `ready` (the answer that created the panel, with its first slice), saving a round trip.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import * as vscode from 'vscode';
import type { EmbeddedMessage, HostToView } from '../../shared/panelMessages';

/** Text of the messages a page may carry; the others wait for the view's `ready`. */
const EMBEDDED_CHARS = 256 * 1024;

/**
 * Takes from the front of `queue` the messages the page can carry, as the text of a JSON data block: slices as
 * base64, every `<` escaped so that nothing in the answer can end the element.
 */
export function takeEmbedded(queue: HostToView[]): string {
  const taken: EmbeddedMessage[] = [];
  let chars = 0;
  while (queue.length > 0) {
    const message = queue[0];
    const entry: EmbeddedMessage =
      message.type === 'bytes'
        ? { ...message, data: Buffer.from(message.data.buffer, message.data.byteOffset, message.data.length).toString('base64') }
        : message;
    const text = JSON.stringify(entry);
    if (chars + text.length > EMBEDDED_CHARS) break;
    chars += text.length;
    taken.push(entry);
    queue.shift();
  }
  return JSON.stringify(taken).replace(/</g, '\\u003c');
}

/** Text the page can carry inside a `<script>` or `<style>` element: nothing in it may end the element or open a comment. */
function inlinable(text: string, element: 'script' | 'style'): boolean {
  return !new RegExp(`</${element}|<!--`, 'i').test(text);
}

/**
 * The page. Its first paint fetches nothing: the view's script and `media/panel.css` are inlined under the page's
 * fresh nonce (fetching them through the webview's service worker took 40–50 ms of a new panel's start), and the
 * codicon font is declared inline too. The workbench shows a new view's frame only after the page's `load` event, so
 * the view adds the codicon stylesheet (its address in `data-codicons`) and the buttons' icons after that event
 * (src/webview/codicons.ts). The data block (the embedded messages) is not run.
 */
export function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, embedded: string): string {
  const nonce = randomBytes(16).toString('base64');
  const uri = (...parts: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...parts)).toString();
  const read = (...parts: string[]) => fs.readFileSync(vscode.Uri.joinPath(extensionUri, ...parts).fsPath, 'utf8');
  const scriptText = read('dist', 'webview', 'main.js');
  const styleText = read('media', 'panel.css');
  const controlsText = read('dist', 'webview', 'controls.js');
  const data = `data-filter="${uri('dist', 'webview', 'filter.js')}" data-controls="${uri('dist', 'webview', 'controls.js')}" data-codicons="${uri('media', 'codicons', 'codicon.css')}"`;
  const script = inlinable(scriptText, 'script')
    ? `<script nonce="${nonce}" ${data}>${scriptText}</script>`
    : `<script nonce="${nonce}" ${data} src="${uri('dist', 'webview', 'main.js')}"></script>`;
  const controls = inlinable(controlsText, 'script') ? `<script type="text/plain" id="controls-code">${controlsText}</script>` : '';
  const style = inlinable(styleText, 'style')
    ? `<style nonce="${nonce}">${styleText}</style>`
    : `<link rel="stylesheet" href="${uri('media', 'panel.css')}">`;
  const font = `@font-face { font-family: "codicon"; font-display: block; src: url("${uri('media', 'codicons', 'codicon.ttf')}") format("truetype"); }`;
  const csp = `default-src 'none'; style-src ${webview.cspSource} 'nonce-${nonce}'; img-src ${webview.cspSource}; font-src ${webview.cspSource}; script-src 'nonce-${nonce}'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<style nonce="${nonce}">${font}</style>
${style}
<title>JSON-2 response</title>
</head>
<body>
<div id="app" role="region" aria-label="Response"></div>
<script type="application/json" id="embedded">${embedded}</script>
${script}
${controls}
</body>
</html>`;
}
