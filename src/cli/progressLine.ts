// The one-line progress shown on a terminal while requests run; nothing at all when stderr is piped or a file.

/** A line that is rewritten in place on a terminal, and a silent no-op elsewhere. */
export class ProgressLine {
  #shown = false;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  /** Whether anything is ever shown: only on a terminal. */
  get enabled(): boolean {
    return this.stream.isTTY === true;
  }

  show(text: string): void {
    if (!this.enabled) return;
    const width = Math.max(20, (this.stream.columns || 80) - 1);
    this.stream.write(`\r\x1b[K${text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
    this.#shown = true;
  }

  /** Removes the line, so that other output starts on a clean line. */
  clear(): void {
    if (!this.#shown) return;
    this.stream.write('\r\x1b[K');
    this.#shown = false;
  }
}
