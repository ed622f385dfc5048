// One response panel: the webview, the ready handshake, answers posted in chunks, the state hook. Its own bundle
// (dist/responsePanel.js), required when the first panel opens (responsePanels.ts).
import * as vscode from 'vscode';
import type { CommandMessage, HostToView, PanelResponse, PanelState, ViewAction, ViewToHost } from '../../shared/panelMessages';
import { firstSlice, type Handover, handOverBytes, timed } from './bytesHandover';
import type { PanelAnswer } from './panelAnswer';
import { pageHtml, takeEmbedded } from './panelPage';

/** Records posted with the answer itself; the rest follows in chunks so the extension host never blocks long. */
const FIRST_ROWS = 200;
const ROWS_PER_CHUNK = 500;

/** The panel bundle's own switch (dist/responsePanel.js has its copy of the module): the benchmark turns it on. */
export { measureThreadSchedule } from './threadSchedule';

export interface PanelEvents {
  onCommand(panel: ResponsePanel, command: CommandMessage['command']): void;
  onCopy(text: string, what: string): void;
  onOpenRecord(panel: ResponsePanel, id: number, field: string | undefined): void;
  onFilter(panel: ResponsePanel, text: string): void;
  onDispose(panel: ResponsePanel): void;
}

export class ResponsePanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The answer shown (whole, before the filter), for rerun, save, paging and go-to-request. */
  response: PanelAnswer | undefined;
  /** The filter box's path the view narrows the answer by, kept per request (src/extension/requests/answerFilters.ts). */
  filterText = '';
  /** Where the answer's request is (file and index), when it came from a file. */
  origin: { uri: string; index: number } | undefined;
  /** How the last records answer was handed over (benchmarks). */
  handover: Handover | undefined;
  /** When the panel was created and its view said `ready`, in ms since the Unix epoch (benchmarks). */
  readonly timeline: { created: number; ready?: number } = { created: epochNow() };
  #ready = false;
  readonly #readyNow: { promise: Promise<void>; resolve: () => void } = readySignal();
  readonly #queue: HostToView[] = [];
  /** The answer whose chunks wait for the view's `ready`. */
  #afterReady: { handover: Handover; resume: () => void } | undefined;
  readonly #waiting = new Map<number, (state: PanelState) => void>();
  #nonce = 0;
  #generation = 0;
  #disposed = false;
  readonly #subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    title: string,
    private readonly events: PanelEvents,
  ) {
    const roots = [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
    this.panel = vscode.window.createWebviewPanel(
      'json2.response',
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      {
        enableScripts: true,
        localResourceRoots: roots,
        retainContextWhenHidden: true,
      },
    );
    this.panel.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'json2.svg');
    this.#subscriptions.push(
      this.panel.webview.onDidReceiveMessage((message: ViewToHost) => this.#receive(message)),
      this.panel.onDidDispose(() => {
        this.#disposed = true;
        this.events.onDispose(this);
      }),
    );
    // The page is written once the caller has given its first message (running, or the answer that made the panel).
    queueMicrotask(() => this.#writePage());
  }

  #writePage(): void {
    if (!this.#disposed) this.panel.webview.html = pageHtml(this.panel.webview, this.extensionUri, takeEmbedded(this.#queue));
  }

  running(title: string): void {
    this.panel.title = title;
    this.#post({ type: 'running', title });
  }

  /**
   * Shows an answer. One that came as bytes goes as they are, a slice at a time (the view parses them); an array of
   * records goes in chunks, each posted on a later turn of the event loop. Before the view is ready only the answer's
   * start waits in the queue: the rest is posted once it is, so a new panel does not get it all in one burst.
   */
  show(response: PanelAnswer): void {
    this.response = response;
    this.panel.title = response.title;
    const generation = ++this.#generation;
    this.#afterReady = undefined;
    this.#dropQueuedAnswers();
    const { answer, ...shown } = { ...response, filter: { text: this.filterText } };
    if (answer) this.#showBytes(shown, answer, generation);
    else this.#showValue(shown, generation);
  }

  #showBytes(response: PanelResponse, answer: NonNullable<PanelAnswer['answer']>, generation: number): void {
    const handover: Handover = { chunks: 0, longestTaskMs: 0, longestTaskCpuMs: 0, doneMs: 0 };
    this.handover = handover;
    const { rawText: _text, body: _body, ...rest } = response;
    const show = (id: string, total: number) => this.#post({ type: 'show', response: { ...rest, id, body: undefined, bytes: { total } } });
    timed(handover, () => show(response.id, answer.size));
    // A view not ready yet gets the first slice with the answer (in its page when it is new), the rest after `ready`.
    const first = this.#ready ? undefined : timed(handover, () => firstSlice(response.id, answer));
    if (first) this.#post(first);
    const target = {
      post: (message: Parameters<typeof this.panel.webview.postMessage>[0]) => this.panel.webview.postMessage(message),
      current: () => generation === this.#generation,
      restart: (id: string, bytes: Uint8Array) => show(id, bytes.length),
    };
    void this.#readyNow.promise.then(() => handOverBytes(target, response.id, answer, handover, first?.data.length));
  }

  #showValue(response: PanelResponse, generation: number): void {
    const body = response.body;
    if (!Array.isArray(body) || body.length <= FIRST_ROWS) {
      this.#post({ type: 'show', response });
      return;
    }
    const started = performance.now();
    const { rawText: _dropped, ...rest } = response;
    const handover: Handover = { chunks: 0, longestTaskMs: 0, longestTaskCpuMs: 0, doneMs: 0 };
    this.handover = handover;
    const id = response.id;
    const post = (start: number, size: number) => {
      this.#post({ type: 'rows', id, start, rows: body.slice(start, start + size) });
      handover.chunks += 1;
      if (start + size >= body.length) handover.doneMs = performance.now() - started;
    };
    const next = (start: number) => {
      if (generation !== this.#generation || start >= body.length) return;
      timed(handover, () => post(start, ROWS_PER_CHUNK));
      setImmediate(() => next(start + ROWS_PER_CHUNK));
    };
    timed(handover, () => {
      this.#post({ type: 'show', response: { ...rest, body: [], records: { total: body.length } } });
      post(0, FIRST_ROWS);
    });
    const postTheRest = () => setImmediate(() => next(FIRST_ROWS));
    if (this.#ready) postTheRest();
    else this.#afterReady = { handover, resume: postTheRest };
  }

  /** What the view shows now (the test hook of the typed protocol); undefined when the view does not answer in 5 s. */
  state(): Promise<PanelState | undefined> {
    const nonce = ++this.#nonce;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(nonce);
        resolve(undefined);
      }, 5000);
      this.#waiting.set(nonce, (state) => {
        clearTimeout(timer);
        resolve(state);
      });
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

  /** A view that is not ready yet needs only the newest answer. */
  #dropQueuedAnswers(): void {
    const kept = this.#queue.filter((message) => message.type !== 'show' && message.type !== 'rows' && message.type !== 'bytes');
    this.#queue.splice(0, this.#queue.length, ...kept);
  }

  #post(message: HostToView): void {
    if (!this.#ready) this.#queue.push(message);
    else void this.panel.webview.postMessage(message);
  }

  #receive(message: ViewToHost): void {
    switch (message.type) {
      case 'ready': {
        this.timeline.ready = epochNow();
        this.#ready = true;
        const waiting = this.#afterReady;
        this.#afterReady = undefined;
        const flush = () => {
          for (const queued of this.#queue.splice(0)) void this.panel.webview.postMessage(queued);
        };
        if (waiting) timed(waiting.handover, flush);
        else flush();
        waiting?.resume();
        this.#readyNow.resolve();
        break;
      }
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
      case 'openRecord':
        if (Number.isInteger(message.id) && message.id > 0 && (message.field === undefined || typeof message.field === 'string'))
          this.events.onOpenRecord(this, message.id, message.field);
        break;
      case 'filter':
        this.events.onFilter(this, message.text);
        break;
    }
  }
}

/** A promise and what resolves it: the view said `ready`. */
function readySignal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function epochNow(): number {
  return performance.timeOrigin + performance.now();
}
