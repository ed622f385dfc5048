// An answer handed on as the bytes received (the editor's panel): looked over for secrets a slice at a time, and
// parsed and redacted as a value only when something in it may need redacting.
import type { SecretRedactor } from '../redaction/secretRedactor';
import { answerBody } from './requestCall';

/** Bytes read on each side of a piece, so that a secret (or a structural pattern) across its edge is seen whole. */
const EDGE_BYTES = 4096;
/**
 * Bytes looked over at a time: each piece's text stays small enough for V8 to keep it among its young objects, so
 * that checking a large answer costs quick scavenges, not the full collections that megabyte strings bring on.
 */
const PIECE_BYTES = 32 * 1024;

export class AnswerBytes {
  readonly #redactor: SecretRedactor;

  constructor(
    /** The body as received: not redacted, never to be shown without `mayHoldSecrets` or `redacted`. */
    readonly bytes: Uint8Array,
    readonly contentType: string | undefined,
    redactor: SecretRedactor,
  ) {
    this.#redactor = redactor;
  }

  get size(): number {
    return this.bytes.length;
  }

  /** Whether redaction could change anything in bytes `start` to `end` (read with EDGE_BYTES more on each side). */
  mayHoldSecrets(start: number, end: number): boolean {
    for (let piece = start; piece < end; piece += PIECE_BYTES) {
      const from = Math.max(0, piece - EDGE_BYTES);
      const to = Math.min(this.size, Math.min(end, piece + PIECE_BYTES) + EDGE_BYTES);
      if (this.#redactor.mayRedact(textOf(this.bytes.subarray(from, to)))) return true;
    }
    return false;
  }

  /** The whole answer without its secrets: the bytes as received when nothing needs redacting, else the redacted value's JSON. */
  redacted(): Uint8Array {
    if (!this.mayHoldSecrets(0, this.size)) return this.bytes;
    const value = this.value();
    return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
  }

  /** The answer's value (JSON, else its text), redacted: parsed now, for what needs it whole (small answers, Save). */
  value(): unknown {
    return this.#redactor.redactValue(answerBody(textOf(this.bytes), this.contentType));
  }
}

/** Whether an answer of this content type is JSON (as `answerBody` reads it: no content type counts as JSON). */
export function isJsonAnswer(contentType: string | undefined): boolean {
  return contentType === undefined || /json/i.test(contentType);
}

function textOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
}
