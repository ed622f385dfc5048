// Hides secret values in text meant for people or storage (logs, history, reports).
import type { SecretValue } from './resolvedRequestTypes';

/** The text shown in place of a secret. */
export const REDACTED = '«redacted»';

/**
 * Replaces every occurrence of each secret value in a text, both as written and as escaped inside a JSON string,
 * so that a logged body or a stored answer never shows it.
 */
export function redactSecrets(text: string, secrets: readonly SecretValue[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.value.length === 0) continue;
    forms.add(secret.value);
    forms.add(JSON.stringify(secret.value).slice(1, -1));
  }
  let redacted = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) redacted = redacted.split(form).join(REDACTED);
  return redacted;
}
