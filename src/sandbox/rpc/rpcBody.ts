// Reads the body of a deprecated-RPC request under its own limit (large enough for dump and restore through the db
// service, which carry a whole backup and are held in memory). A body declared too large is refused unread.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/requestBody';

/** Default limit of an XML-RPC or JSON-RPC body: 128 MiB, the reference server's bound on every request body. */
export const DEFAULT_MAX_RPC_BODY_BYTES = 128 * 1024 * 1024;

/** The body, or null after answering with `refuse` (the connection is then closed: the rest is never read). */
export async function readRpcBody(
  request: IncomingMessage,
  response: ServerResponse,
  limit: number,
  refuse: (message: string) => void,
): Promise<Buffer | null> {
  try {
    return await readBody(request, limit);
  } catch (error) {
    response.setHeader('Connection', 'close');
    refuse(error instanceof Error ? error.message : String(error));
    response.once('finish', () => request.destroy());
    return null;
  }
}

/** A signal aborted when the client goes away before the answer is sent. */
export function clientGone(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** What a service call knows of its caller: the signal of its going away and its address (for login throttling). */
export function callerOf(request: IncomingMessage, response: ServerResponse): { signal: AbortSignal; source: string } {
  return { signal: clientGone(response), source: request.socket.remoteAddress ?? 'unknown' };
}
