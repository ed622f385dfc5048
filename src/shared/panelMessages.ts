// Typed messages between the extension host and the response panel's webview, in both directions.
import type { RunErrorKind } from '../core/requestRun/runErrorKind';

/** Time spent on a request, in milliseconds from its start. */
export interface PanelTimings {
  readonly connectMs?: number;
  readonly firstByteMs?: number;
  readonly totalMs: number;
}

/** A service error laid out for reading: the server's exception with the meaning of its kind. */
export interface PanelError {
  /** Why the request failed (`access`, `validation`, `timeout`, `declined`, ...): one typed kind from the pipeline. */
  readonly kind: RunErrorKind;
  /** One sentence saying what that kind means and what to do. */
  readonly explanation: string;
  /** The server's exception name, when there is one. */
  readonly name?: string;
  readonly message: string;
  readonly arguments?: readonly unknown[];
  /** The server's traceback (`debug`); shown collapsed. */
  readonly debug?: string;
}

/** One answer as the panel shows it. Everything in it is already redacted. */
export interface PanelResponse {
  /** Unique per run: rows that arrive later name it. */
  readonly id: string;
  /** The request's label (its name, title or request line). */
  readonly title: string;
  /** `POST res.partner/search_read`. */
  readonly request: string;
  readonly connection?: string;
  /** The context the call sent, key by key, with where each key came from (request, connection, command line). */
  readonly context?: readonly { readonly key: string; readonly value: unknown; readonly source: string }[];
  /** The HTTP status; absent when no answer came. */
  readonly status?: number;
  readonly ok: boolean;
  readonly timings?: PanelTimings;
  /** Bytes of the answer as received. */
  readonly sizeBytes?: number;
  /** The answer. For an array of records it is `{ records: true, total }` and the records follow in `rows` messages. */
  readonly body: unknown;
  /** Set when the body is an array of records sent in chunks; the view builds the array. */
  readonly records?: { readonly total: number };
  /** Set when the answer follows as its JSON bytes in `bytes` messages (the view parses them; `body` is absent). */
  readonly bytes?: { readonly total: number };
  /** The answer's text, when small enough to show as received. */
  readonly rawText?: string;
  readonly error?: PanelError;
  /** Assertion results, when the request has assertions. */
  readonly assertions?: readonly { readonly text: string; readonly passed: boolean; readonly message: string }[];
  /** Present when the request has a `limit`: the page shown. */
  readonly page?: { readonly limit: number; readonly offset: number };
  /** For a model call the server answered: it ran in one transaction, committed (2xx) or rolled back (an error). */
  readonly transaction?: { readonly committed: boolean; readonly text: string };
  /** True when the history holds this answer and it can be rerun. */
  readonly fromHistory?: boolean;
  /** The filter box's path, kept per request by the host; the view narrows the answer by it (src/webview/answerFilter.ts). */
  readonly filter?: { readonly text: string };
  /** True for a 401, 403, empty list or records lacking a field of a model call: the panel offers Explain. */
  readonly explainable?: boolean;
  /** Why this answer came (core/access), once Explain was pressed. */
  readonly explanation?: PanelExplanation;
}

/** An explanation as the panel shows it: the summary, one sentence per cause. */
export interface PanelExplanation {
  readonly summary: string;
  readonly causes: readonly { readonly sentence: string; readonly certain: boolean }[];
}

/** Sent by the host: a request started (the view shows it as busy). */
export interface RunningMessage {
  readonly type: 'running';
  readonly title: string;
}

/** Sent by the host: an answer to show (records follow in `rows` messages when `records` is set). */
export interface ShowResponseMessage {
  readonly type: 'show';
  readonly response: PanelResponse;
}

/** Sent by the host: the next chunk of records of the answer `id`, starting at `start`. */
export interface RowsMessage {
  readonly type: 'rows';
  readonly id: string;
  readonly start: number;
  readonly rows: readonly unknown[];
}

/** Sent by the host: the next slice of the answer `id`'s bytes, starting at byte `start`. */
export interface BytesMessage {
  readonly type: 'bytes';
  readonly id: string;
  readonly start: number;
  readonly data: Uint8Array;
}

/** A message carried by a new view's page (src/extension/requests/panelPage.ts): a slice's bytes are base64 there. */
export type EmbeddedMessage = Exclude<HostToView, BytesMessage> | (Omit<BytesMessage, 'data'> & { readonly data: string });

/** Sent by the host (tests): asks the view for a `state` message now. */
export interface ReportStateMessage {
  readonly type: 'reportState';
  readonly nonce: number;
}

/** Sent by the host (tests): a view action as a person would trigger it. */
export interface ActMessage {
  readonly type: 'act';
  readonly action: ViewAction;
}

/** What tests can make the view do: switch view, sort, search the tree, scroll the table, press a button. */
export type ViewAction =
  | { readonly kind: 'view'; readonly view: PanelView }
  | { readonly kind: 'sort'; readonly column: string }
  | { readonly kind: 'search'; readonly text: string }
  | { readonly kind: 'scroll'; readonly row: number }
  | { readonly kind: 'toggleTraceback' }
  | { readonly kind: 'select'; readonly row: number; readonly column: number }
  | { readonly kind: 'copy'; readonly what: 'cell' | 'row' | 'ids' }
  /** The table's Open in Browser: the selected many2one cell's record, else the selected row's record. */
  | { readonly kind: 'openInBrowser' }
  /** Types `text` into the filter box and presses Enter. */
  | { readonly kind: 'filter'; readonly text: string }
  /** Clicks the panel's own control for `command` (a disabled or hidden one does nothing, as for a person). */
  | { readonly kind: 'press'; readonly command: CommandMessage['command'] };

export type HostToView = RunningMessage | ShowResponseMessage | RowsMessage | BytesMessage | ReportStateMessage | ActMessage;

/** The views of an answer. */
export type PanelView = 'table' | 'tree' | 'raw';

/** Sent by the webview once its script runs, before the host posts anything. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** Sent by the webview: what it shows, for tests (answer to `reportState`) and for the host's own checks. */
export interface StateMessage {
  readonly type: 'state';
  readonly nonce: number;
  readonly state: PanelState;
}

/** A button of the panel that the host carries out. */
export interface CommandMessage {
  readonly type: 'command';
  readonly command:
    | 'cancel'
    | 'rerun'
    | 'goToRequest'
    | 'save'
    | 'previousPage'
    | 'nextPage'
    | 'exportCurl'
    | 'exportPython'
    | 'exportJavaScript'
    | 'exportExecuteKw'
    | 'explain';
}

/** Sent by the webview: text to put on the clipboard (a cell, a row, the ids, the answer). */
export interface CopyMessage {
  readonly type: 'copy';
  readonly text: string;
  /** What was copied, for the confirmation line. */
  readonly what: string;
}

/** Sent by the webview: open this record of the answer (or, with `field`, the record its many2one cell links to). */
export interface OpenRecordMessage {
  readonly type: 'openRecord';
  readonly id: number;
  readonly field?: string;
}

/** Sent by the webview: the filter box's path changed (the host narrows the answer and keeps the path per request). */
export interface FilterMessage {
  readonly type: 'filter';
  readonly text: string;
}

export type ViewToHost = ReadyMessage | StateMessage | CommandMessage | CopyMessage | OpenRecordMessage | FilterMessage;

/** What the view shows, as plain data. */
export interface PanelState {
  readonly busy: boolean;
  readonly title: string;
  readonly statusText: string;
  readonly view: PanelView | 'error' | 'empty';
  /** Records received so far and expected. */
  readonly rowsReceived: number;
  readonly rowsExpected: number;
  readonly columns: readonly string[];
  readonly sortedBy?: { readonly column: string; readonly descending: boolean };
  /** Row elements in the DOM (virtual scrolling keeps this small). */
  readonly renderedRows: number;
  /** Cell texts of the rows in the DOM, top first. */
  readonly visibleCells: readonly (readonly string[])[];
  /** Hover texts of those cells (a many2one's id). */
  readonly visibleTitles: readonly (readonly string[])[];
  readonly error?: {
    readonly kind: string;
    readonly name: string;
    readonly message: string;
    readonly explanation: string;
    readonly tracebackOpen: boolean;
    readonly traceback: string;
  };
  readonly treeMatches: number;
  readonly rawText: string;
  /** The filter box: its text and the problem it shows, if any. */
  readonly filter: { readonly text: string; readonly error: string };
  readonly page?: { readonly limit: number; readonly offset: number };
  /** The panel's whole document, for tests that look for what must never be in it. */
  readonly html: string;
  /** The explanation shown, if any. */
  readonly explanation?: PanelExplanation;
  /** When the view reached each step of its start and of the answer shown (benchmarks). */
  readonly timeline: ViewTimeline;
}

/**
 * Moments in the view, in milliseconds since the Unix epoch (`performance.timeOrigin + performance.now()`), so the
 * benchmark can line them up with the extension host's clock. Absent until reached.
 */
export interface ViewTimeline {
  /** The view's document was requested (its navigation started). */
  readonly documentRequested?: number;
  /** The document's HTML had arrived. */
  readonly documentLoaded?: number;
  /** The script's bytes had arrived (absent when the page carries it inline, as it does now). */
  readonly scriptLoaded?: number;
  /** The script's first statement ran (before its libraries were set up). */
  readonly scriptStarted?: number;
  /**
   * The document's `load` event: the workbench keeps a new view's frame hidden until then (or until 200 ms after it
   * wrote the page), so a new panel's rows are seen at the later of this and `firstRowsPainted`.
   */
  readonly documentComplete?: number;
  /** The view posted `ready`. */
  readonly ready?: number;
  /** The `show` message of the answer shown arrived. */
  readonly answerReceived?: number;
  /** The first slice of that answer's bytes arrived (an answer that comes as bytes). */
  readonly firstBytesReceived?: number;
  /** The first rows of that answer were put in the DOM. */
  readonly firstRowsInDom?: number;
  /** The frame after that one started, so the rows had been painted. */
  readonly firstRowsPainted?: number;
  /**
   * The page's first paint as the browser reports it (paint timing: when the frame was presented, later than the
   * frame's start above). A new panel's first rows are in its first paint, the workbench showing its frame only then.
   */
  readonly firstPaint?: number;
  /** Every record of that answer had arrived. */
  readonly allRowsReceived?: number;
}
