// The filter box's path applied in the view: the answer narrowed by the evaluator of assertions and `json2 run
// --select` (core answerPath.ts), so that the extension host never holds the answer's value.
import { readAnswerPath, selectInAnswer } from '../core/requestFile/answerPath';

/** The answer as the panel shows it under a path: the part selected, or the whole answer with why nothing is. */
export interface FilteredAnswer {
  readonly body: unknown;
  /** Why the path cannot be read (the whole answer is shown) or selects nothing (nothing is). */
  readonly error?: string;
  /** The whole answer's length, when it is an array and a path narrows it. */
  readonly total?: number;
}

export function filterAnswer(body: unknown, text: string): FilteredAnswer {
  if (!text.trim()) return { body };
  const path = readAnswerPath(text);
  if (!path.ok) return { body, error: `Column ${path.offset + 1}: ${path.message}` };
  const counted = Array.isArray(body) ? { total: body.length } : {};
  const selection = selectInAnswer(body, path);
  if (!selection.found) return { body: null, error: `Nothing selected: ${selection.message}`, ...counted };
  return { body: selection.value, ...counted };
}
