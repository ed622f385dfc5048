// What a deprecated call becomes: a JSON-2 call, a plain route, a database-manager controller, or nothing (with why).
import type { LegacyResultShape } from '../client/rpcMapping';
import type { SourceExpr } from './legacyCall';
import type { Removal, Urgency } from './removalTimeline';

/** How the JSON-2 answer is turned back into what the original code received. */
export type ResultAdaptation =
  | LegacyResultShape
  | 'uid'
  | 'versionString'
  | 'legacyVersionInfo'
  | 'codeNamePairs'
  | 'dbListResult'
  | 'dbExists'
  | 'redirectTrue'
  | 'base64Body';

/** A named body value: the original expression, or a value the conversion adds. */
export type BodyValue = { readonly expr: SourceExpr } | { readonly value: unknown };

export interface Json2Plan {
  readonly kind: 'json2';
  readonly model: string;
  readonly method: string;
  readonly ids?: BodyValue;
  readonly args: readonly { readonly name: string; readonly value: BodyValue }[];
  readonly context?: BodyValue;
  /** The original's database argument, for the optional database header. */
  readonly database?: SourceExpr;
  readonly result: ResultAdaptation;
}

export interface RoutePlan {
  readonly kind: 'route';
  /** `GET /web/version` or `POST /web/database/list` (JSON-RPC body `{}`). */
  readonly verb: 'GET' | 'POST';
  readonly path: string;
  readonly result: ResultAdaptation;
  /** For `db_exist`: the name looked for in the list. */
  readonly lookFor?: SourceExpr;
}

export interface ManagerPlan {
  readonly kind: 'manager';
  /** A `/web/database/*` controller taking a form (application/x-www-form-urlencoded). */
  readonly path: string;
  readonly fields: readonly { readonly name: string; readonly value: SourceExpr }[];
  /** A file sent as multipart/form-data (restore): the field's name and the base64 expression holding its content. */
  readonly upload?: { readonly name: string; readonly base64: SourceExpr };
  readonly result: ResultAdaptation;
}

export type ConvertiblePlan = Json2Plan | RoutePlan | ManagerPlan;

/** A plan, with the notes to write next to the new code. */
export interface Conversion {
  readonly plan: ConvertiblePlan;
  readonly notes: readonly string[];
}

/** A found call and what can be done with it. */
export interface MigrationFinding {
  /** `object.execute_kw`, `common.authenticate`, `db.list`... */
  readonly call: string;
  readonly model?: string;
  readonly method?: string;
  readonly line: number;
  readonly start: number;
  readonly end: number;
  /** One sentence: what is deprecated, when it is removed (for the target release), what replaces it. */
  readonly message: string;
  /** `brokenNow`: already removed on the target release; `deprecated`: still works there, removed later. */
  readonly urgency: Urgency;
  /** The removal that decides the urgency (removalTimeline.ts). */
  readonly removal: Removal;
  /** Set when the call can be rewritten; otherwise `reason` says why not. */
  readonly conversion?: Conversion;
  readonly reason?: string;
  /** An n8n workflow's node: its name, and the `.json2` request that replaces what it calls. */
  readonly workflowNode?: { readonly name: string; readonly json2Request?: string };
  /** `noReplacement` for functions with nothing to migrate to; `manual` for calls that need a person. */
  readonly severity: 'convertible' | 'manual' | 'noReplacement';
}

/** A value added by the conversion. */
export function added(value: unknown): BodyValue {
  return { value };
}
