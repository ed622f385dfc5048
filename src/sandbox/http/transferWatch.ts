// Stalled transfers: a request body that stops arriving, or an answer the client stops reading, for longer than the
// idle limit ends the exchange (a 408 page when nothing was answered yet). A slow client then holds a socket for a
// bounded time, and never a database (a backup waiting for its reader holds a transaction).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { statusPage } from './httpAnswers';
import { mayHaveBody } from './requestBody';

/** Default idle limit of a transfer in either direction. */
export const DEFAULT_TRANSFER_IDLE_MS = 60_000;

function answerTimeout(response: ServerResponse): void {
  const socket = response.socket;
  if (response.headersSent) {
    socket?.destroy();
    return;
  }
  const page = Buffer.from(
    statusPage(408, 'Request Timeout', 'The request body stopped arriving: the server closed the connection.'),
    'utf8',
  );
  response.writeHead(408, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(page.length), Connection: 'close' });
  response.end(page, () => socket?.destroy());
}

/**
 * Watches the exchange of `request` until its answer is done: while the body is still expected the socket must keep
 * receiving, and while the answer has bytes waiting the socket must keep sending, each with no pause over `idleMs`.
 */
export function watchTransfer(request: IncomingMessage, response: ServerResponse, idleMs: number): void {
  const socket = request.socket;
  if (idleMs <= 0) return;
  const every = Math.max(10, Math.min(1_000, Math.floor(idleMs / 4)));
  let received = socket.bytesRead;
  let sent = socket.bytesWritten;
  let quietSince = Date.now();
  let lastCheck = quietSince;
  const check = () => {
    if (socket.destroyed) {
      stop();
      return;
    }
    const now = Date.now();
    // A check that comes late means this process was busy: bytes may be waiting unread, so the pause starts again.
    if (now - lastCheck > 2 * every) quietSince = now;
    lastCheck = now;
    const receiving = !request.complete && mayHaveBody(request);
    const sending = response.writableLength > 0;
    if (socket.bytesRead !== received || socket.bytesWritten !== sent || (!receiving && !sending)) {
      received = socket.bytesRead;
      sent = socket.bytesWritten;
      quietSince = now;
      return;
    }
    if (now - quietSince < idleMs) return;
    stop();
    answerTimeout(response);
  };
  const timer = setInterval(check, every);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    response.off('close', stop);
  };
  response.once('close', stop);
}
