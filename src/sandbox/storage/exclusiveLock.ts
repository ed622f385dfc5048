// A first-come, first-served lock: one holder at a time, the others wait in order.

export class ExclusiveLock {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => released);
    this.waiting += 1;
    return previous.then(() => {
      this.waiting -= 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        release();
      };
    });
  }

  /** Runs `work` while holding the lock. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.acquire();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** How many callers are waiting for the lock (for idle detection and diagnostics). */
  get queued(): number {
    return this.waiting;
  }
}
