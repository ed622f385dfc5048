// A path typed on its own to narrow an answer (the panel's filter box, `json2 run --select`): the syntax of
// assertion subjects after `body` (docs/format.md, section 8), read and applied by the same code as assertions.
import type { PathStep } from './placeholderTypes';
import { pathText, readPath, selectPath } from './responsePath';
import { LineIndex } from './textRange';

/** A path read from text, or why it cannot be read (with the offset of the problem in the text). */
export type AnswerPath =
  | { readonly ok: true; readonly steps: readonly PathStep[]; readonly text: string }
  | { readonly ok: false; readonly message: string; readonly offset: number };

/** What a path selects in an answer's body, or why it selects nothing. */
export type AnswerSelection = { readonly found: true; readonly value: unknown } | { readonly found: false; readonly message: string };

/**
 * Reads `body[*].partner_id[1]`, `[*].partner_id[1]`, `$[?(@.amount_total > 1000)]` or `body`: an optional root
 * (`body`, or `$` as in JSONPath) followed by path steps. Blanks around the path are ignored; an empty path is the
 * whole body.
 */
export function readAnswerPath(text: string): AnswerPath {
  const trimmed = text.trim();
  const lead = text.length - text.trimStart().length;
  const root = /^(body|\$)(?![A-Za-z0-9_])/.exec(trimmed)?.[0] ?? '';
  if (!root && trimmed && trimmed[0] !== '.' && trimmed[0] !== '[')
    return { ok: false, message: 'A path starts with body, $, "." or "["', offset: lead };
  const lines = new LineIndex(trimmed);
  const reading = readPath(lines, root.length, trimmed.length, false);
  if (reading.error) return { ok: false, message: reading.error.message, offset: lead + reading.error.offset };
  return { ok: true, steps: reading.steps, text: `body${pathText(reading.steps)}` };
}

/**
 * Applies a path read by readAnswerPath to an answer's body. Unlike an assertion, once `[*]` or a filter has made
 * a list, values the rest of the path selects nothing in are left out (`body[*].partner_id[1]` skips the records
 * whose partner_id is false) instead of failing the whole path.
 */
export function selectInAnswer(body: unknown, path: AnswerPath & { ok: true }): AnswerSelection {
  const selection = selectPath(body, path.steps, { dropMissing: true });
  if (selection.found) return selection;
  return { found: false, message: `body${pathText(path.steps.slice(0, selection.stepIndex + 1))}: ${selection.reason}` };
}
