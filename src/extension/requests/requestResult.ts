// What sending one request of a file gave: the answer (redacted) or why there is none, for the panel and the history.
import type { StoredResponse } from '../../core/requestFile';

export interface RequestResult {
  readonly uri: string;
  readonly index: number;
  readonly label: string;
  /** `POST res.partner/search_read`; absent when the request could not be resolved. */
  readonly request?: string;
  readonly connection?: string;
  readonly status?: number;
  /** Sent, answered with 2xx and every assertion held. */
  readonly ok: boolean;
  readonly timings?: { readonly connectMs: number; readonly firstByteMs: number; readonly totalMs: number };
  readonly sizeBytes?: number;
  /** The answer, redacted: parsed JSON, else text. */
  readonly body?: unknown;
  /** The answer's text as received, redacted; absent when too large to keep twice. */
  readonly rawText?: string;
  /** Why it failed before or without an answer, or the service's error object. */
  readonly error?: {
    readonly kind: string;
    readonly name?: string;
    readonly message: string;
    readonly arguments?: readonly unknown[];
    readonly debug?: string;
  };
  readonly assertions: readonly { readonly text: string; readonly passed: boolean; readonly message: string }[];
  /** The page, when the call has a numeric `limit`. */
  readonly page?: { readonly limit: number; readonly offset: number };
  /** For `{{name.response...}}` of later requests (not redacted: it stays in memory). */
  readonly stored?: StoredResponse;
}
