// Hides a resolved request's secret values in text meant for people or storage, with the one redactor of the project.
import { SecretRedactor } from '../redaction/secretRedactor';
import type { SecretValue } from './resolvedRequestTypes';

/**
 * Replaces every secret value in a text, in each form a format or a server writes it (`SecretRedactor`), so that a
 * logged body or a stored answer never shows it.
 */
export function redactSecrets(text: string, secrets: readonly SecretValue[]): string {
  return new SecretRedactor(secrets.map((secret) => secret.value)).redact(text);
}
