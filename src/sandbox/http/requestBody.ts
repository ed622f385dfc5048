// Reading request bodies with a size limit, and telling whether a request has a body at all.
import type { IncomingMessage } from 'node:http';
import { requestEntityTooLarge } from '../errors/serviceErrors';

/** Default limit of a JSON-2 body. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

function tooLarge(limit: number): Error {
  return requestEntityTooLarge(`The data value transmitted exceeds the capacity limit (${limit} bytes).`);
}

/** The connection closed (or timed out) before the whole body arrived. */
export class BodyCutOffError extends Error {
  constructor() {
    super('the connection closed before the whole request body arrived');
  }
}

/** False when the request declares an empty body (length 0, or neither a length nor chunked transfer). */
export function mayHaveBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/** The whole body, refused with 413 as soon as it passes `limit` bytes (or declares more). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new BodyCutOffError());
    };
    const cleanup = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
      request.off('close', onClose);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
    request.on('close', onClose);
  });
}

/** The media type of the request without parameters, lower case ('' when absent). */
export function mediaType(request: IncomingMessage): string {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}
