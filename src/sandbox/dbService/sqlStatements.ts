// Splits SQL text arriving in pieces into whole statements: a `;` ends one unless it is inside a quoted literal, a
// quoted identifier or a comment. Only what a plain dump contains is understood (no dollar quoting).

export class StatementSplitter {
  private buffer = '';
  private quote: "'" | '"' | null = null;
  private comment = false;
  private scanned = 0;

  /** Adds text and returns the statements it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const done: string[] = [];
    let start = 0;
    let i = this.scanned;
    for (; i < this.buffer.length; i += 1) {
      const char = this.buffer[i];
      if (this.comment) { if (char === '\n') this.comment = false; continue; }
      if (this.quote) { if (char === this.quote) this.quote = null; continue; }
      if (char === "'" || char === '"') this.quote = char;
      else if (char === '-' && this.buffer[i + 1] === '-') this.comment = true;
      else if (char === '-' && i + 1 === this.buffer.length) break;
      else if (char === ';') {
        const statement = this.buffer.slice(start, i + 1).trim();
        if (statement !== ';') done.push(statement);
        start = i + 1;
      }
    }
    this.buffer = this.buffer.slice(start);
    this.scanned = i - start;
    return done;
  }

  /** The text left after the last statement (only blanks and comments in a complete dump). */
  rest(): string {
    return this.buffer.replace(/--[^\n]*/g, '').trim();
  }
}
