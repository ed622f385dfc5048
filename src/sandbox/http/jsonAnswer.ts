// Large JSON answers: encoded piece by piece (a list one element at a time) under a size bound, and written to the
// socket as it takes them, so that an answer is never held as one whole string and one whole buffer at once.
import type { ServerResponse } from 'node:http';
import { ServiceError } from '../errors/serviceErrors';
import { answerWritten } from './answerMemory';
import { jsonText } from './httpAnswers';

/** Default bound of one JSON-2 answer: 128 MiB of JSON (the reference server's bound on a request body). */
export const DEFAULT_MAX_ANSWER_BYTES = 128 * 1024 * 1024;

/** Pieces joined into one write (the socket's buffer holds about this much at a time). */
const WRITE_BYTES = 1024 * 1024;

/** An encoded answer: its pieces, in order, and their size in UTF-8. */
export interface JsonAnswer {
  readonly pieces: string[];
  readonly bytes: number;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MiB` : `${Math.round(bytes / 1024)} KiB`);

function answerTooLarge(limit: number, records: number | null): ServiceError {
  const what = records === null ? 'The answer' : `The answer (${records} records)`;
  return new ServiceError(
    'builtins.MemoryError',
    500,
    `${what} is larger than the sandbox's limit of ${sizeText(limit)} of JSON; nothing was changed. ` +
      'Ask for fewer records (limit and offset) or fewer fields.',
    'business',
  );
}

/**
 * Encodes `value` as JSON: a list element by element, anything else at once. Throws a `builtins.MemoryError` service
 * error as soon as the text passes `limit` bytes (called inside the call's transaction, so a write is rolled back).
 */
export function encodeJsonAnswer(value: unknown, limit: number): JsonAnswer {
  if (!Array.isArray(value)) {
    const text = jsonText(value);
    const bytes = Buffer.byteLength(text);
    if (bytes > limit) throw answerTooLarge(limit, null);
    return { pieces: [text], bytes };
  }
  const pieces: string[] = ['['];
  let bytes = 2;
  for (let index = 0; index < value.length; index += 1) {
    const piece = (index === 0 ? '' : ',') + jsonText(value[index]);
    bytes += Buffer.byteLength(piece);
    if (bytes > limit) throw answerTooLarge(limit, value.length);
    pieces.push(piece);
  }
  pieces.push(']');
  return { pieces, bytes };
}

/** The whole text (for the answer cache, which keeps small answers only). */
export function answerText(answer: JsonAnswer): string {
  return answer.pieces.join('');
}

/**
 * Writes the answer with its length, about WRITE_BYTES at a time, waiting whenever the socket's buffer is full; pieces
 * are let go as they are written. Stops when the client goes away.
 */
export function sendJsonAnswer(response: ServerResponse, status: number, answer: JsonAnswer): Promise<void> {
  return sendAnswer(response, status, 'application/json; charset=utf-8', answer);
}

/** sendJsonAnswer for any type of text answer (the deprecated interfaces' XML and JSON too). */
export async function sendAnswer(response: ServerResponse, status: number, contentType: string, answer: JsonAnswer): Promise<void> {
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(answer.bytes) });
  const { pieces } = answer;
  let next = 0;
  try {
    while (next < pieces.length) {
      let batch = '';
      while (next < pieces.length && batch.length < WRITE_BYTES) {
        batch += pieces[next];
        pieces[next] = '';
        next += 1;
      }
      if (response.destroyed) return;
      if (!response.write(batch)) await drained(response);
    }
    response.end();
  } finally {
    answerWritten(answer.bytes);
  }
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
