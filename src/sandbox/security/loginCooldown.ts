// Login throttling as the reference server does it (res.users._assert_can_auth and _on_login_cooldown, 19.0): failures
// are counted per database and source address; once `base.login_cooldown_after` (5) have happened since the last
// success, attempts are refused unchecked until `base.login_cooldown_duration` (60) seconds have passed since the last
// failure; a success forgets the count. The master password, which the reference does not throttle (it accepts the right
// one at once), is slowed instead per source address: after 5 failures its checks wait their turn, one a second.
import type { Clock } from '../orm/clock';
import { ServiceError } from '../errors/serviceErrors';
import { getParameter } from './systemParameters';
import type { SqlClient } from '../storage/sqlClient';

export const LOGIN_COOLDOWN_MESSAGE = 'Too many login failures, please wait a bit before trying again.';

export interface CooldownRule {
  /** Failures before the cooldown (0: never). */
  after: number;
  durationMs: number;
}

export const DEFAULT_COOLDOWN: CooldownRule = { after: 5, durationMs: 60_000 };
/** Least time between two master-password checks of one address after 5 failures (one guess a second at most). */
export const MASTER_CHECK_SPACING_MS = 1_000;
/** Sources tracked at most; the least recently failed are forgotten first. */
const MAX_TRACKED = 10_000;

/** Refused unchecked: the source is on cooldown. */
export class CooldownError extends ServiceError {
  constructor(message: string) {
    super('odoo.exceptions.AccessDenied', 403, message, 'business');
  }
}

/** Failures since the last success, per key, with the time (ms) of the last one. */
export class FailureCounter {
  private readonly entries = new Map<string, { failures: number; last: number }>();

  /** Milliseconds of cooldown left for `key` at `now` (0: none). */
  cooldownLeft(key: string, rule: CooldownRule, now: number): number {
    const entry = this.entries.get(key);
    if (rule.after <= 0 || !entry || entry.failures < rule.after) return 0;
    const left = entry.last + rule.durationMs - now;
    return left > 0 ? left : 0;
  }

  failed(key: string, now: number): void {
    const failures = (this.entries.get(key)?.failures ?? 0) + 1;
    this.entries.delete(key);
    this.entries.set(key, { failures, last: now });
    if (this.entries.size > MAX_TRACKED) this.entries.delete(this.entries.keys().next().value as string);
  }

  succeeded(key: string): void {
    this.entries.delete(key);
  }
}

function integerParameter(value: string | null, fallback: number): number {
  return value !== null && /^\s*[+-]?\d+\s*$/.test(value) ? Number.parseInt(value, 10) : fallback;
}

/** The rule of a database, read from its system parameters at each attempt, as the reference does. */
export async function cooldownRule(cr: SqlClient): Promise<CooldownRule> {
  const after = integerParameter(await getParameter(cr, 'base.login_cooldown_after'), DEFAULT_COOLDOWN.after);
  const seconds = integerParameter(await getParameter(cr, 'base.login_cooldown_duration'), DEFAULT_COOLDOWN.durationMs / 1000);
  return { after, durationMs: seconds * 1000 };
}

const isAccessDenied = (error: unknown) => error instanceof ServiceError && error.qualifiedName === 'odoo.exceptions.AccessDenied';

/** The throttles of one server: password logins per database and source, the master password per source. */
export class LoginThrottle {
  private readonly counter = new FailureCounter();

  constructor(private readonly clock: Clock) {}

  private now(): number {
    return this.clock.now().getTime();
  }

  /**
   * Runs `attempt`, a password (or key) check on `database` for a client at `source`, unless that source is on
   * cooldown there (CooldownError). A null answer or an AccessDenied counts as a failure, anything else as a success.
   */
  async login<T>(cr: SqlClient, database: string, source: string, attempt: () => Promise<T | null>): Promise<T | null> {
    const key = `db\u0000${database}\u0000${source}`;
    if (this.counter.cooldownLeft(key, await cooldownRule(cr), this.now()) > 0) throw new CooldownError(LOGIN_COOLDOWN_MESSAGE);
    let result: T | null;
    try {
      result = await attempt();
    } catch (error) {
      if (isAccessDenied(error)) this.counter.failed(key, this.now());
      throw error;
    }
    if (result === null) this.counter.failed(key, this.now());
    else this.counter.succeeded(key);
    return result;
  }

  /**
   * Checks a master password given from `source` with `check`. After 5 failures (within the cooldown's minute) the
   * checks of that source wait their turn, MASTER_CHECK_SPACING_MS apart, but are never refused: the right password
   * still works, as on the reference, and guessing from one address is slowed to one try a second.
   */
  async master(source: string, check: () => Promise<boolean>): Promise<boolean> {
    const key = `master\u0000${source}`;
    if (this.counter.cooldownLeft(key, DEFAULT_COOLDOWN, this.now()) > 0) await this.masterTurn(key);
    const right = await check();
    if (right) this.counter.succeeded(key);
    else this.counter.failed(key, this.now());
    return right;
  }

  /** Master-password checks of one source waiting their turn: the promise the next one waits for. */
  private readonly masterTurns = new Map<string, Promise<void>>();

  private masterTurn(key: string): Promise<void> {
    const turn = (this.masterTurns.get(key) ?? Promise.resolve()).then(
      () => new Promise<void>((resolve) => setTimeout(resolve, MASTER_CHECK_SPACING_MS)),
    );
    this.masterTurns.set(key, turn);
    void turn.then(() => {
      if (this.masterTurns.get(key) === turn) this.masterTurns.delete(key);
    });
    return turn;
  }
}
