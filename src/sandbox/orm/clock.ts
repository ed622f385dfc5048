// The sandbox's idea of the current time; tests move it to check expiry.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time from a moment the test sets; `advance` jumps ahead. */
export class SettableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** From now on the clock reads `date`, and keeps running from there. */
  set(date: Date): void {
    this.offsetMs = date.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to real time. */
  reset(): void {
    this.offsetMs = 0;
  }
}
