// Which saved connections' keys deserve a reminder: expired ones at every start, those expiring soon once a day.
import { daysUntil } from './keyExpiration';

export interface KeyReminderInput {
  readonly connection: string;
  /** The key's expiration date (`YYYY-MM-DD`), when the extension knows it. */
  readonly expiration: string | undefined;
}

export interface KeyReminder {
  readonly connection: string;
  readonly expiration: string;
  readonly kind: 'expired' | 'expiresSoon';
  /** Calendar days left (1: the key stops at the end of today); 0 or less once expired. */
  readonly daysLeft: number;
  /** What the person reads. */
  readonly message: string;
}

/**
 * The reminders due at `now`. `daysBefore` is the notice wanted (0 turns the early reminder off; expired keys are always
 * reported). `remindedOn(connection, expiration)` tells the day (`YYYY-MM-DD`) an early reminder was last shown, so that
 * it is shown at most once a day.
 */
export function keyRemindersDue(
  inputs: readonly KeyReminderInput[],
  now: Date,
  daysBefore: number,
  remindedOn: (connection: string, expiration: string) => string | undefined,
): KeyReminder[] {
  const today = now.toISOString().slice(0, 10);
  const due: KeyReminder[] = [];
  for (const { connection, expiration } of inputs) {
    if (expiration === undefined) continue;
    const daysLeft = daysUntil(expiration, now);
    if (daysLeft <= 0) {
      due.push({
        connection,
        expiration,
        kind: 'expired',
        daysLeft,
        message: `The API key of the connection "${connection}" expired on ${expiration}: the server refuses it now. Generate or rotate a key, then store it in the connection.`,
      });
    } else if (daysBefore > 0 && daysLeft <= daysBefore && remindedOn(connection, expiration) !== today) {
      const when = daysLeft === 1 ? 'at the end of today' : `in ${daysLeft} days`;
      due.push({
        connection,
        expiration,
        kind: 'expiresSoon',
        daysLeft,
        message: `The API key of the connection "${connection}" expires ${when} (${expiration}). Rotate it before then.`,
      });
    }
  }
  return due;
}
