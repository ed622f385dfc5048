// Asserts that an error, in every form a person or a log could see it, carries none of the given secrets.
import assert from 'node:assert/strict';
import { inspect } from 'node:util';

/** Every text an error shows: message, `String`, stack, `inspect` (own fields, causes), JSON of its fields. */
function visibleTexts(error: unknown): string[] {
  if (!(error instanceof Error)) return [inspect(error, { depth: 10 }), JSON.stringify(error) ?? ''];
  const fields: Record<string, unknown> = {};
  for (const name of Object.getOwnPropertyNames(error)) fields[name] = (error as unknown as Record<string, unknown>)[name];
  return [
    error.message,
    String(error),
    error.stack ?? '',
    inspect(error, { depth: 10, showHidden: true }),
    JSON.stringify(fields),
    ...(error.cause === undefined ? [] : visibleTexts(error.cause)),
  ];
}

/** Fails when any secret (at least 4 characters) shows anywhere in the error. */
export function assertNoSecretIn(error: unknown, secrets: ReadonlyArray<string | undefined>): void {
  for (const text of visibleTexts(error)) {
    for (const secret of secrets) {
      if (secret === undefined || secret.length < 4) continue;
      assert.equal(text.includes(secret), false, `a secret leaked into: ${text.split(secret).join('<SECRET>').slice(0, 300)}`);
    }
  }
}
