// "Explain this answer" in the editor: remembers which request answered a 401, 403, empty list or records lacking a
// field (for the panel's Explain button and the CodeLens), and explains it with the request's connection (core/access).
import * as vscode from 'vscode';
import { explainWithConnection } from '../../core/access/explainConnection';
import type { ExplainedAnswer, ExplainedRequest, Explanation } from '../../core/access/explainTypes';
import { explainedAnswerOf, needsExplanation } from '../../core/requestRun/runExplanation';
import type { RequestRunResult } from '../../core/requestRun/runResult';
import type { ConnectionService } from '../connections/connectionService';

/** Answers larger than this are not parsed to look for an empty list or missing fields. */
const LARGEST_CHECKED_BYTES = 1024 * 1024;

interface Explainable {
  readonly call: ExplainedRequest;
  readonly answer: ExplainedAnswer;
  readonly connection: string | undefined;
}

export class AnswerExplainer implements vscode.Disposable {
  readonly #explainable = new Map<string, Explainable>();
  readonly #changed = new vscode.EventEmitter<void>();
  /** Fires when a request becomes explainable or stops being so (the CodeLens follows). */
  readonly onDidChange = this.#changed.event;

  constructor(private readonly service: ConnectionService) {}

  /** Takes a request's result; true when its answer can be explained. */
  note(uri: string, result: RequestRunResult): boolean {
    const key = keyOf(uri, result.index);
    const had = this.#explainable.delete(key);
    const entry = explainableOf(result);
    if (entry) this.#explainable.set(key, entry);
    if (had || entry) this.#changed.fire();
    return entry !== undefined;
  }

  explainable(uri: string, index: number): boolean {
    return this.#explainable.has(keyOf(uri, index));
  }

  /** Explains the last answer of the request; undefined when it has none to explain. */
  async explain(uri: string, index: number): Promise<Explanation | undefined> {
    const entry = this.#explainable.get(keyOf(uri, index));
    if (!entry) return undefined;
    const client = await this.service.client(entry.connection);
    return explainWithConnection(client, entry.call, entry.answer);
  }

  dispose(): void {
    this.#changed.dispose();
  }
}

function explainableOf(result: RequestRunResult): Explainable | undefined {
  const { call, status, stored } = result;
  if (!call || status === undefined || !stored) return undefined;
  const ok = status >= 200 && status < 300;
  if (ok && (result.sizeBytes ?? 0) > LARGEST_CHECKED_BYTES) return undefined;
  if (!ok && status !== 401 && status !== 403) return undefined;
  const answer = explainedAnswerOf(status, stored.body);
  return needsExplanation(call, answer) ? { call, answer, connection: result.connection } : undefined;
}

function keyOf(uri: string, index: number): string {
  return `${uri}#${index}`;
}
