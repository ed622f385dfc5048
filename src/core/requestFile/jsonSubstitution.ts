// Puts placeholder values into JSON text (a body or an assertion's expected value) and reads the result.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { errorAt } from './diagnostics';
import type { PlaceholderNode } from './placeholderTypes';
import { valueAsText, type PlaceholderValue, type PlaceholderValues } from './placeholderValues';
import type { LineIndex } from './textRange';

const shown = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The JSON text a value takes where a placeholder stands, or an error message when it cannot stand there. */
function insertion(placeholder: PlaceholderNode, value: PlaceholderValue, secret: boolean): { text: string } | { message: string } {
  switch (placeholder.context) {
    case 'json-string':
      return { text: JSON.stringify(valueAsText(value)).slice(1, -1) };
    case 'json-key':
      return { text: JSON.stringify(valueAsText(value)) };
    default: {
      if (value.kind === 'json') return { text: JSON.stringify(value.value) ?? 'null' };
      try {
        return { text: JSON.stringify(JSON.parse(value.text)) };
      } catch {
        const what = secret ? 'its value' : `"${shown(value.text)}"`;
        return {
          message: `{{${placeholder.inner.text.trim()}}} stands as a JSON value but ${what} is not JSON: put the placeholder in quotes ("{{...}}") to insert it as text`,
        };
      }
    }
  }
}

/**
 * Replaces the placeholders between two file offsets (JSON with comments) by their values, JSON-escaped inside
 * strings and as JSON elsewhere, then parses the result. Returns undefined after reporting any failure.
 */
export async function substituteJson(
  values: PlaceholderValues,
  lines: LineIndex,
  start: number,
  end: number,
  placeholders: readonly PlaceholderNode[],
): Promise<{ value: unknown } | undefined> {
  const text = lines.text;
  const pieces: string[] = [];
  let copied = start;
  let failed = false;
  for (const placeholder of placeholders) {
    if (placeholder.range.startOffset < start || placeholder.range.endOffset > end) continue;
    const value = await values.valueOf(placeholder);
    pieces.push(text.slice(copied, placeholder.range.startOffset));
    copied = placeholder.range.endOffset;
    if (!value) {
      failed = true;
      continue;
    }
    const secret = values.secrets.some((candidate) => candidate.value === valueAsText(value));
    const inserted = insertion(placeholder, value, secret);
    if ('message' in inserted) {
      values.diagnostics.push(errorAt(placeholder.range, 'invalid-json-value', inserted.message));
      failed = true;
    } else pieces.push(inserted.text);
  }
  if (failed) return undefined;
  pieces.push(text.slice(copied, end));
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = parse(pieces.join(''), errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  } catch {
    // Only a value nested deeper than the stack allows gets here (jsonc-parser reads nesting by recursion).
    values.diagnostics.push(
      errorAt(lines.range(start, end), 'invalid-json-value', 'After replacing the placeholders the JSON is nested too deeply'),
    );
    return undefined;
  }
  if (errors.length > 0) {
    values.diagnostics.push(
      errorAt(
        lines.range(start, end),
        'invalid-json-value',
        `After replacing the placeholders the JSON does not read: ${printParseErrorCode(errors[0].error)}`,
      ),
    );
    return undefined;
  }
  return { value };
}
