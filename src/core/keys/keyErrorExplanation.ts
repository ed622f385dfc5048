// Explains, in plain words, why the server refused to generate or revoke an API key (its 403 and 422 answers).

/** The refusals a person can act on, from the spec's errors and limits. */
export type KeyRefusal = 'limitReached' | 'programmaticKeysDisabled' | 'durationTooLong' | 'keyNotYours' | 'keyToRevokeInvalid';

export interface KeyErrorExplanation {
  /** Undefined when the failure is none of the known refusals (the server's message is then all there is). */
  readonly refusal: KeyRefusal | undefined;
  /** One or two sentences saying what happened and what to do; ends with what the server said. */
  readonly text: string;
}

const ADVICE: Readonly<Record<KeyRefusal, string>> = {
  limitReached:
    'The user already has as many unexpired programmatic keys as allowed (10 unless the system parameter base.programmatic_api_keys_limit says otherwise). Revoke keys no longer used, or wait until some expire.',
  programmaticKeysDisabled:
    "Programmatic keys are turned off for this user: only settings administrators may generate or revoke keys through the API unless the system parameter base.enable_programmatic_api_keys is True. Make the key in the user's preferences instead (Account Security, New API Key).",
  durationTooLong:
    'The expiration is not accepted: a key must expire in the future and lives at most three months (a role may be allowed less). Choose a shorter lifetime.',
  keyNotYours:
    "The connection's key cannot vouch for the new one: it is no longer valid, it belongs to another user, or it is limited to another scope (a scoped key can only make keys of its own scope).",
  keyToRevokeInvalid: 'That key cannot be revoked: it is already revoked or expired, it was mistyped, or it belongs to another user.',
};

/** What the server answered: enough of a `Json2Error` (or any error) to recognise a refusal. */
export interface KeyCallFailure {
  readonly status?: number;
  readonly message?: string;
  readonly name?: string;
}

/** The refusal behind a failed `generate` or `revoke`, from the status and the server's message. */
export function keyRefusalOf(method: 'generate' | 'revoke', failure: KeyCallFailure): KeyRefusal | undefined {
  const message = failure.message ?? '';
  if (/programmatic api keys are not enabled/i.test(message)) return 'programmaticKeysDisabled';
  if (/limit of \d+ api keys/i.test(message) || (failure.status === 422 && /limit/i.test(message))) return 'limitReached';
  if (failure.status === 403) return method === 'generate' ? 'keyNotYours' : 'keyToRevokeInvalid';
  if (failure.status === 422 || /expiration|three months|longer than/i.test(message)) {
    if (/expir|month|longer|duration/i.test(message)) return 'durationTooLong';
  }
  return undefined;
}

/** The explanation shown for a failed `generate` or `revoke`; the server's own message is always kept. */
export function explainKeyFailure(method: 'generate' | 'revoke', failure: KeyCallFailure): KeyErrorExplanation {
  const refusal = keyRefusalOf(method, failure);
  const said = failure.message ? `The server said: ${failure.message}` : '';
  const status = failure.status === undefined ? '' : ` (${failure.status})`;
  const action = method === 'generate' ? 'Generating the key failed' : 'Revoking the key failed';
  const text = refusal === undefined ? `${action}${status}. ${said}`.trim() : `${action}${status}. ${ADVICE[refusal]} ${said}`.trim();
  return { refusal, text };
}
