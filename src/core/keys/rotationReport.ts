// The report of a rotation that stopped: which step failed, and which keys are valid now and where each one is.
import type { RotationStep } from '../client/keyRotation';

const STEP_NAMES: Readonly<Record<RotationStep, string>> = {
  generate: 'generating the new key',
  store: 'storing the new key',
  verify: 'checking the new key',
  revoke: 'revoking the old key',
};

/** What the rotation and the clean-up after it left behind. */
export interface RotationAftermath {
  readonly connection: string;
  readonly step: RotationStep;
  /** The failure's message (never a key). */
  readonly reason: string;
  /** Which key the connection holds now. */
  readonly connectionHolds: 'old' | 'new';
  /**
   * The new key: never made, valid, revoked again by the clean-up, or (a rotation in the browser) not pasted here,
   * whether or not it was made there.
   */
  readonly newKey: 'none' | 'valid' | 'revoked' | 'notPasted';
  /** The label the new key was made with, so a person can find it in the user's preferences; '' when unknown. */
  readonly newKeyName: string;
}

export interface RotationReport {
  readonly summary: string;
  /** One line per key that the server accepts now. */
  readonly validNow: readonly string[];
  readonly detail: string;
}

export function rotationReport(aftermath: RotationAftermath): RotationReport {
  const summary = `Key rotation of "${aftermath.connection}" stopped while ${STEP_NAMES[aftermath.step]}: ${aftermath.reason}`;
  const validNow: string[] = [];
  // Nothing revokes the old key before the last step, and the last step is the one that failed.
  validNow.push(
    aftermath.connectionHolds === 'old'
      ? 'The old key: valid, and it is the key the connection uses.'
      : 'The old key: still valid (not revoked). Revoke it with "Revoke API Key…" once nothing uses it any more.',
  );
  const newKey = aftermath.newKeyName === '' ? 'The new key' : `The new key "${aftermath.newKeyName}"`;
  if (aftermath.newKey === 'valid') {
    validNow.push(
      aftermath.connectionHolds === 'new'
        ? `${newKey}: valid, and it is the key the connection uses now.`
        : `${newKey}: valid but stored nowhere; delete it in the user's preferences (Account Security).`,
    );
  }
  const gone =
    aftermath.newKey === 'revoked'
      ? [`${newKey} was revoked again.`]
      : aftermath.newKey === 'none'
        ? ['No new key was made.']
        : aftermath.newKey === 'notPasted'
          ? [
              "No new key is in the connection; a key made in the browser and not pasted here stays valid until it is deleted in the user's preferences (Account Security).",
            ]
          : [];
  return { summary, validNow, detail: ['Valid now:', ...validNow.map((line) => `• ${line}`), ...gone].join('\n') };
}
