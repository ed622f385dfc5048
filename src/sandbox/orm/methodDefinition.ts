// What a callable method is: its signature (named parameters with defaults), its level and its body.
import type { Environment } from './environment';
import type { Model } from './modelDefinition';

export interface MethodParameter {
  name: string;
  required: boolean;
  /** The value used when an optional argument is omitted. */
  default?: unknown;
  doc?: string;
}

/** One call of a method after binding: every parameter is present in `args`. */
export interface MethodCall {
  env: Environment;
  model: Model;
  ids: number[];
  args: Record<string, unknown>;
}

export interface MethodDefinition {
  name: string;
  /** `model`: a model-level method (no ids); `records`: runs on the records given by `ids`. */
  level: 'model' | 'records';
  parameters: MethodParameter[];
  /** Callable from the code but never remotely (403). */
  private?: boolean;
  /** False for a method that touches no data: it runs outside any database transaction. */
  transactional?: boolean;
  doc?: string;
  run(call: MethodCall): Promise<unknown>;
}

/** A required parameter. */
export function required(name: string, doc?: string): MethodParameter {
  return { name, required: true, doc };
}

/** An optional parameter with its default. */
export function optional(name: string, defaultValue: unknown, doc?: string): MethodParameter {
  return { name, required: false, default: defaultValue, doc };
}
