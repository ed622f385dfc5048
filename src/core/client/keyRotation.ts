// The spec's key rotation procedure: generate, hand over for storage, verify, and only then revoke the old key.
import { ClientError, type ErrorKind } from './clientErrors';

/** The steps of a rotation, in the order they run. */
export type RotationStep = 'generate' | 'store' | 'verify' | 'revoke';

/** What the rotation needs from a connection; `Json2Client.rotateKey` supplies the real one. */
export interface KeyRotationPort {
  /** Creates a key with the current key (`res.users.apikeys/generate`) and returns it. */
  generate(request: NewKeyRequest, signal?: AbortSignal): Promise<string>;
  /** Proves the new key works for the same user as the current one; throws otherwise. Returns the user id. */
  verify(newKey: string, signal?: AbortSignal): Promise<number>;
  /** Revokes the current key, authenticated with the new one (`res.users.apikeys/revoke`). */
  revokeCurrent(newKey: string, signal?: AbortSignal): Promise<void>;
}

export interface NewKeyRequest {
  /** Scope of the new key: normally the current key's (the caller knows it from its records, or asks the user). */
  readonly scope: string | null;
  /** A label that lets a person recognise the key later. */
  readonly name: string;
  /** ISO 8601 date (`YYYY-MM-DD`), at most three months away. */
  readonly expirationDate: string;
}

export interface RotateKeyOptions extends NewKeyRequest {
  /** Stores the new key where the caller keeps secrets; the old key is revoked only if this resolves. */
  readonly store: (newKey: string) => Promise<void> | void;
  readonly signal?: AbortSignal;
}

export interface RotationOutcome {
  readonly newKey: string;
  /** The user both keys belong to. */
  readonly uid: number;
}

/**
 * A rotation stopped at `step`. Nothing was revoked: the old key is still valid, and when the new key was issued
 * (`newKeyIssued`) it is valid too and can be read once with `takeNewKey()`, so the caller holds both keys.
 */
export class KeyRotationError extends ClientError {
  readonly step: RotationStep;
  readonly newKeyIssued: boolean;
  readonly oldKeyRevoked = false;
  /** Kind of the underlying failure (the store callback's failures count as `server`). */
  readonly causeKind: ErrorKind;
  #newKey: string | undefined;

  constructor(step: RotationStep, cause: unknown, newKey: string | undefined) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const held = newKey === undefined ? 'no new key was issued' : 'the new key was issued and is valid too (take it with takeNewKey())';
    super(
      cause instanceof ClientError ? cause.kind : 'server',
      `Key rotation stopped at step "${step}": ${reason}. The old key was not revoked and stays valid; ${held}.`,
    );
    this.step = step;
    this.newKeyIssued = newKey !== undefined;
    this.causeKind = cause instanceof ClientError ? cause.kind : 'server';
    this.#newKey = newKey;
  }

  /** Returns the new key once (then forgets it), so that it can be stored or revoked by hand. */
  takeNewKey(): string | undefined {
    const key = this.#newKey;
    this.#newKey = undefined;
    return key;
  }
}

/**
 * Runs the rotation procedure of the spec exactly: generate a new key with the given scope; hand it to the caller to
 * store; verify a call with it; only then revoke the old one. On any failure nothing is revoked and a
 * `KeyRotationError` names the step.
 */
export async function rotateApiKey(port: KeyRotationPort, options: RotateKeyOptions): Promise<RotationOutcome> {
  const { signal } = options;
  let newKey: string;
  try {
    newKey = await port.generate({ scope: options.scope, name: options.name, expirationDate: options.expirationDate }, signal);
    if (typeof newKey !== 'string' || newKey === '') throw new Error('the server did not return a key');
  } catch (error) {
    throw new KeyRotationError('generate', error, undefined);
  }
  try {
    signal?.throwIfAborted();
    await options.store(newKey);
  } catch (error) {
    throw new KeyRotationError('store', error, newKey);
  }
  let uid: number;
  try {
    signal?.throwIfAborted();
    uid = await port.verify(newKey, signal);
  } catch (error) {
    throw new KeyRotationError('verify', error, newKey);
  }
  try {
    signal?.throwIfAborted();
    await port.revokeCurrent(newKey, signal);
  } catch (error) {
    throw new KeyRotationError('revoke', error, newKey);
  }
  return { newKey, uid };
}
