// `json2 run --select PATH`: keeps only the part of each answer the path selects (the evaluator of assertions).
import { selectInAnswer, type AnswerPath } from '../core/requestFile';
import type { FileOutcome, RequestOutcome } from './runResults';

export type ReadAnswerPath = AnswerPath & { readonly ok: true };

/**
 * The outcome with only the selected part of its answer. An answer that is not JSON, or where the path selects
 * nothing, loses its body, and `note` says why (the run's verdict does not change: --select only narrows output).
 */
export function selectOutcomeBody(outcome: RequestOutcome, path: ReadAnswerPath): { outcome: RequestOutcome; note?: string } {
  if (outcome.body === undefined) return { outcome };
  const { body, ...rest } = outcome;
  const where = `${outcome.file}:${outcome.line}:${outcome.column}`;
  if (typeof body === 'string') return { outcome: rest, note: `${where}: --select ${path.text}: the answer is not JSON` };
  const selection = selectInAnswer(body, path);
  if (!selection.found) return { outcome: rest, note: `${where}: --select ${selection.message}` };
  return { outcome: { ...rest, body: selection.value } };
}

/** The files' outcomes with only the selected part of each answer (for --output json). */
export function selectFileBodies(files: readonly FileOutcome[], path: ReadAnswerPath): FileOutcome[] {
  return files.map((file) => ({ ...file, requests: file.requests.map((outcome) => selectOutcomeBody(outcome, path).outcome) }));
}
