// One response panel: the webview with its strict CSP, the ready handshake, answers posted in chunks, the state hook.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { CommandMessage, HostToView, PanelResponse, PanelState, ViewAction, ViewToHost } from '../../shared/panelMessages';

/** Records posted with the answer itself; the rest follows in chunks so the extension host never blocks long. */
const FIRST_ROWS = 200;
const ROWS_PER_CHUNK = 500;

export interface PanelEvents {
  onCommand(panel: ResponsePanel, command: CommandMessage['command']): void;
  onCopy(text: string, what: string): void;
  onDispose(panel: ResponsePanel): void;
}

export class ResponsePanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The answer shown, for rerun, save, paging and go-to-request. */
  response: PanelResponse | undefined;
  /** Where the answer's request is (file and index), when it came from a file. */
  origin: { uri: string; index: number } | undefined;
  /** How the last records answer was handed over: chunks posted, the longest task doing it, when the last was posted. */
  handover: { chunks: number; longestTaskMs: number; doneMs: number } | undefined;
  #ready = false;
  readonly #queue: HostToView[] = [];
  readonly #waiting = new Map<number, (state: PanelState) => void>();
  #nonce = 0;
  #generation = 0;
  readonly #subscriptions: vscode.Disposable[] = [];

  constructor(extensionUri: vscode.Uri, title: string, private readonly events: PanelEvents) {
    const roots = [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
    this.panel = vscode.window.createWebviewPanel('json2.response', title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true, localResourceRoots: roots, retainContextWhenHidden: true,
    });
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'json2.svg');
    this.panel.webview.html = pageHtml(this.panel.webview, extensionUri);
    this.#subscriptions.push(
      this.panel.webview.onDidReceiveMessage((message: ViewToHost) => this.#receive(message)),
      this.panel.onDidDispose(() => this.events.onDispose(this)),
    );
  }

  running(title: string): void {
    this.panel.title = title;
    this.#post({ type: 'running', title });
  }

  /** Shows an answer; an array of records goes in chunks, each posted on a later turn of the event loop. */
  show(response: PanelResponse): void {
    this.response = response;
    this.panel.title = response.title;
    const generation = ++this.#generation;
    const body = response.body;
    if (!Array.isArray(body) || body.length <= FIRST_ROWS) {
      this.#post({ type: 'show', response });
      return;
    }
    const started = performance.now();
    const { rawText: _dropped, ...rest } = response;
    this.#post({ type: 'show', response: { ...rest, body: [], records: { total: body.length } } });
    const handover = { chunks: 0, longestTaskMs: performance.now() - started, doneMs: 0 };
    this.handover = handover;
    const id = response.id;
    const next = (start: number, size: number) => {
      if (generation !== this.#generation || start >= body.length) return;
      const taskStarted = performance.now();
      this.#post({ type: 'rows', id, start, rows: body.slice(start, start + size) });
      handover.chunks += 1;
      handover.longestTaskMs = Math.max(handover.longestTaskMs, performance.now() - taskStarted);
      if (start + size >= body.length) handover.doneMs = performance.now() - started;
      setImmediate(() => next(start + size, ROWS_PER_CHUNK));
    };
    next(0, FIRST_ROWS);
  }

  /** What the view shows now (the test hook of the typed protocol); undefined when the view does not answer in 5 s. */
  state(): Promise<PanelState | undefined> {
    const nonce = ++this.#nonce;
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.#waiting.delete(nonce); resolve(undefined); }, 5000);
      this.#waiting.set(nonce, (state) => { clearTimeout(timer); resolve(state); });
      this.#post({ type: 'reportState', nonce });
    });
  }

  act(action: ViewAction): void {
    this.#post({ type: 'act', action });
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  dispose(): void {
    for (const subscription of this.#subscriptions) subscription.dispose();
    this.panel.dispose();
  }

  #post(message: HostToView): void {
    if (!this.#ready) this.#queue.push(message);
    else void this.panel.webview.postMessage(message);
  }

  #receive(message: ViewToHost): void {
    switch (message.type) {
      case 'ready':
        this.#ready = true;
        for (const queued of this.#queue.splice(0)) void this.panel.webview.postMessage(queued);
        break;
      case 'state':
        this.#waiting.get(message.nonce)?.(message.state);
        this.#waiting.delete(message.nonce);
        break;
      case 'command':
        this.events.onCommand(this, message.command);
        break;
      case 'copy':
        this.events.onCopy(message.text, message.what);
        break;
    }
  }
}

/** The page: no inline script, the bundle and stylesheet from the extension's folders, a fresh nonce each time. */
function pageHtml(webview: vscode.Webview, extensionUri: vscode.Uri): string {
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
<script nonce="${nonce}" src="${script.toString()}"></script>
</body>
</html>`;
}
