// Finds, without resolving anything, the {{names}} that no source defines: diagnostics for an editor as the file changes.
import { errorAt, type Diagnostic } from './diagnostics';
import type { PlaceholderNode } from './placeholderTypes';
import type { RequestFile } from './requestFileTypes';

/** The names the sources outside the file define (their values are not needed). */
export interface KnownNames {
  /** Names of the connection's variables. */
  readonly variables?: Iterable<string>;
  /** Names of the `.env` values. */
  readonly dotenv?: Iterable<string>;
}

/**
 * Reports every `{{name}}` of the file that is not a prompt of its request or of the file, a file variable, a
 * connection variable or a `.env` value. Unlike resolveRequest it asks nothing and needs no responses, so it can
 * run on every edit.
 */
export function checkVariables(file: RequestFile, known: KnownNames = {}): Diagnostic[] {
  const defined = new Set<string>([
    ...file.variables.map((variable) => variable.name.text),
    ...(known.variables ?? []),
    ...(known.dotenv ?? []),
  ]);
  for (const prompt of file.fileMeta.prompts) defined.add(prompt.name.text);
  const diagnostics: Diagnostic[] = [];
  const check = (placeholders: readonly PlaceholderNode[], prompted: ReadonlySet<string>) => {
    for (const placeholder of placeholders) {
      const expression = placeholder.expression;
      if (expression.kind !== 'variable') continue;
      const name = expression.name.text;
      if (!defined.has(name) && !prompted.has(name)) {
        diagnostics.push(
          errorAt(
            placeholder.range,
            'unknown-variable',
            `Unknown variable ${name}: define it (@${name} = ...), prompt for it (# @prompt ${name}), or give it in the connection or .env`,
          ),
        );
      }
    }
  };
  // A file variable may be used by any request, so only names no request prompts for are unknown inside one.
  const promptedSomewhere = new Set(file.requests.flatMap((request) => request.prompts.map((prompt) => prompt.name.text)));
  for (const variable of file.variables) check(variable.placeholders, promptedSomewhere);
  for (const request of file.requests) check(request.placeholders, new Set(request.prompts.map((prompt) => prompt.name.text)));
  return diagnostics.sort((a, b) => a.range.startOffset - b.range.startOffset);
}
