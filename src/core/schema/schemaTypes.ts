// The schema data the tree and completion use: models, fields and methods of one database, as plain data.
import type { MethodLevel } from '../client/methodCatalog';

/** Where a piece of schema came from: the schema documents (`/doc-bearer`) or the meta-models and the method table. */
export type SchemaOrigin = 'documents' | 'metaModels';

export interface ModelInfo {
  /** Technical name (`res.partner`). */
  readonly model: string;
  /** Human-readable description. */
  readonly name: string;
  /** `base` or `manual` when read from `ir.model`. */
  readonly state?: string;
}

/** One field as `fields_get` describes it; attributes the server did not send are absent. */
export interface FieldInfo {
  readonly name: string;
  readonly type: string;
  readonly string?: string;
  readonly help?: string;
  readonly relation?: string;
  readonly required?: boolean;
  readonly readonly?: boolean;
  readonly selection?: ReadonlyArray<readonly [string, string]>;
}

export interface MethodParameterInfo {
  readonly name: string;
  readonly required: boolean;
  readonly default?: unknown;
  readonly annotation?: string;
  readonly doc?: string;
}

export interface MethodInfo {
  readonly name: string;
  /** Unknown when the documents do not say. */
  readonly level: MethodLevel | undefined;
  readonly parameters: readonly MethodParameterInfo[];
  readonly returns?: string;
  readonly doc?: string;
  readonly signature?: string;
  readonly readonly?: boolean;
  /**
   * True when the method also takes keyword arguments it does not name (a `**kwargs` parameter, as `search_read`'s
   * `read_kwargs`): such a parameter is never an argument name itself, but other names may be sent.
   */
  readonly extraKeywords?: boolean;
}

/** Fields and methods of one model. */
export interface ModelDetail {
  readonly fields: Readonly<Record<string, FieldInfo>>;
  readonly methods: readonly MethodInfo[];
  readonly origin: SchemaOrigin;
}

/** The `fields_get` attributes the service asks for. */
export const FIELD_ATTRIBUTES = ['string', 'help', 'type', 'relation', 'required', 'readonly', 'selection'] as const;
