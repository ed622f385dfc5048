// The shapes "explain this answer" works with: the request that was sent, the answer it got, the causes it finds.
import type { MethodCall } from '../connections/connectionClient';

/** Sends one model call as the calling user (reads only: the explanation never changes data). */
export type AccessCall = <T = unknown>(call: MethodCall) => Promise<T>;

/** The request as it was sent. */
export interface ExplainedRequest {
  readonly model: string;
  readonly method: string;
  readonly args?: Readonly<Record<string, unknown>>;
  readonly ids?: readonly number[];
  readonly context?: Readonly<Record<string, unknown>>;
  /** The database the call named (the connection's or the request's header); undefined: the server's default. */
  readonly database?: string;
}

/** The answer: an error object with its HTTP status, or a result. */
export type ExplainedAnswer =
  | { readonly kind: 'error'; readonly status: number; readonly name?: string; readonly message: string }
  | { readonly kind: 'result'; readonly value: unknown };

/** What kind of answer is explained. */
export type AnswerSituation = 'denied' | 'unauthorized' | 'empty' | 'missingField' | 'answered';

export type CauseKind = 'accessRight' | 'recordRule' | 'fieldGroup' | 'company' | 'archived' | 'databaseOrUser' | 'unreadable';

/** A change to the request (context keys to add) that the explanation suggests; null when only an administrator can help. */
export interface SuggestedChange {
  readonly context?: Readonly<Record<string, unknown>>;
  /** The database to send the call to instead. */
  readonly database?: string;
  /** Fields to leave out of the request. */
  readonly withoutFields?: readonly string[];
}

/** One cause, in one sentence. */
export interface ExplainedCause {
  readonly kind: CauseKind;
  readonly sentence: string;
  /** True when the cause certainly applies; false when it may (an empty answer can also simply have no match). */
  readonly certain: boolean;
  /** What the request could change itself (an administrator's change is in the sentence). */
  readonly change?: SuggestedChange;
  /** Names the sentence refers to: the right, rule, group or company (for tests and the panel). */
  readonly names?: readonly string[];
  /** Records the cause accounts for, counted by calls the user may make. */
  readonly count?: number;
}

export interface Explanation {
  readonly situation: AnswerSituation;
  /** Who the call ran as and where: "Marc Demo (demo, id 6) on database 'demo'". */
  readonly caller?: string;
  readonly causes: readonly ExplainedCause[];
  /** Set when nothing explains the answer. */
  readonly summary: string;
}

/** The user the explanation reasons about (a subset of the identity module's AccessIdentity). */
export interface CallerIdentity {
  readonly user: { readonly id: number; readonly name: string; readonly login: string };
  readonly groups: readonly {
    readonly id: number;
    readonly fullName: string;
    readonly privilege?: string | null;
    /** In the group only through another group that implies it. */
    readonly implied?: boolean;
  }[];
  readonly companies: { readonly current: { id: number; name: string }; readonly allowed: readonly { id: number; name: string }[] };
}
