// Typed messages between the extension host and the response panel's webview, in both directions.

/** Sent by the webview once its script runs, before the host posts anything. */
export interface ReadyMessage {
  readonly type: 'ready';
}

/** Sent by the host: a response to show. */
export interface ShowResponseMessage {
  readonly type: 'showResponse';
  readonly title: string;
  readonly status: number;
  readonly body: unknown;
}

export type ViewToHost = ReadyMessage;
export type HostToView = ShowResponseMessage;
