// The panel's page: its strict CSP, the view's script and stylesheets, and the messages a new view reads from the page
// itself before it says `ready` (the answer that created the panel, with its first slice), saving a round trip.
import { randomBytes } from 'node:crypto';
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

/** The page: no inline script (the data block is not run), the bundle and stylesheets from the extension, a fresh nonce. */
export function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri, embedded: string): string {
  const nonce = randomBytes(16).toString('base64');
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'webview', 'main.js'));
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'panel.css'));
  const icons = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'codicons', 'codicon.css'));
  const csp = `default-src 'none'; style-src ${webview.cspSource}; img-src ${webview.cspSource}; font-src ${webview.cspSource}; script-src 'nonce-${nonce}'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" id="vscode-codicon-stylesheet" href="${icons.toString()}">
<link rel="stylesheet" href="${style.toString()}">
<title>JSON-2 response</title>
</head>
<body>
<div id="app" role="region" aria-label="Response"></div>
<script type="application/json" id="embedded">${embedded}</script>
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
