// The Authorization header as the client sent it. Node's HTTP parser drops the whitespace around a header value (RFC
// 9110 says a value has none); the reference server keeps what follows the value, so there a key followed by spaces is
// not the key and is refused. The server's connections are watched so that the bearer check sees the value as sent.
import type { Server } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Authorization values seen on each connection, oldest first, not yet matched to a request. */
const sentValues = new WeakMap<Socket, string[]>();

const HEADER = /\r\nauthorization:[ \t]*([^\r\n]*)(?=\r\n)/gi;
/** Values kept per connection at most (a request takes its own and those before it). */
const MAX_KEPT = 16;
/** How much of each chunk is read: a request's head fits (Node refuses heads over 16 KiB); bodies are not scanned. */
const SCANNED_BYTES = 32 * 1024;
/** The end of a chunk kept for the next one, so that a header cut between two chunks is still seen. */
const CARRIED_CHARS = 1024;

/** Watches every connection of `server` for Authorization headers (a small cost: each chunk's head is scanned). */
export function watchRawAuthorization(server: Server): void {
  server.on('connection', (socket: Socket) => {
    let carried = '';
    socket.prependListener('data', (chunk: Buffer) => {
      const text = carried + chunk.toString('latin1', 0, Math.min(chunk.length, SCANNED_BYTES));
      const values = sentValues.get(socket) ?? [];
      for (const match of text.matchAll(HEADER)) values.push(match[1]);
      if (values.length > 0) sentValues.set(socket, values.slice(-MAX_KEPT));
      // Only what could begin a header not complete yet: from the last line break on.
      const lastBreak = text.lastIndexOf('\r\n');
      carried = lastBreak < 0 ? '' : text.slice(Math.max(lastBreak, text.length - CARRIED_CHARS));
    });
  });
}

/**
 * The request's Authorization value with the whitespace that followed it, as the client sent it ('' when none).
 * Falls back to the parsed value when the raw one was not seen (a server not watched).
 */
export function authorizationAsSent(request: IncomingMessage): string {
  const parsed = request.headers.authorization;
  if (parsed === undefined) return '';
  const values = sentValues.get(request.socket);
  const index = values ? values.findIndex((value) => value.trim() === parsed) : -1;
  if (!values || index < 0) return parsed;
  const [sent] = values.splice(0, index + 1).slice(-1);
  return sent;
}
