// Positions and ranges in a .json2 file: the line table that turns offsets into editor positions.

/** A zero-based line and UTF-16 character, as editors count them. */
export interface Position {
  readonly line: number;
  readonly character: number;
}

/** A span of the file, both as editor positions and as offsets into the text (end excluded). */
export interface TextRange {
  readonly start: Position;
  readonly end: Position;
  readonly startOffset: number;
  readonly endOffset: number;
}

/** A piece of the file's text with its range. */
export interface TextPart {
  readonly text: string;
  readonly range: TextRange;
}

/** One line of the file: where its text starts and ends (without the line break) and where the next line starts. */
export interface LineSpan {
  readonly start: number;
  readonly end: number;
  readonly next: number;
}

/**
 * Splits a text into lines at `\n`, `\r\n` and `\r`, and turns offsets into positions. Lookups remember the
 * last line found, so a parser asking for offsets in increasing order pays a constant time per lookup.
 */
export class LineIndex {
  readonly lines: readonly LineSpan[];
  private lastLine = 0;

  constructor(readonly text: string) {
    const lines: LineSpan[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10 /* \n */) {
        lines.push({ start, end: i, next: i + 1 });
        start = i + 1;
      } else if (code === 13 /* \r */) {
        const next = text.charCodeAt(i + 1) === 10 ? i + 2 : i + 1;
        lines.push({ start, end: i, next });
        start = next;
        i = next - 1;
      }
    }
    lines.push({ start, end: text.length, next: text.length });
    this.lines = lines;
  }

  /** The editor position of an offset (clamped to the text). */
  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    const line = this.lineOf(clamped);
    return { line, character: clamped - this.lines[line].start };
  }

  /** The range between two offsets. */
  range(startOffset: number, endOffset: number): TextRange {
    const from = Math.max(0, Math.min(startOffset, this.text.length));
    const to = Math.max(from, Math.min(endOffset, this.text.length));
    return { start: this.positionAt(from), end: this.positionAt(to), startOffset: from, endOffset: to };
  }

  /** A text part: the text between two offsets with its range. */
  part(startOffset: number, endOffset: number): TextPart {
    return { text: this.text.slice(startOffset, endOffset), range: this.range(startOffset, endOffset) };
  }

  /** The range of a whole line's text (without its line break). */
  lineRange(line: number): TextRange {
    const span = this.lines[line];
    return this.range(span.start, span.end);
  }

  private lineOf(offset: number): number {
    const lines = this.lines;
    let line = this.lastLine;
    if (offset >= lines[line].start) {
      // Walk forward a few lines first: parsers mostly ask in order.
      for (let steps = 0; steps < 8; steps++) {
        if (line + 1 >= lines.length || lines[line + 1].start > offset) return (this.lastLine = line);
        line++;
      }
    }
    let low = 0;
    let high = lines.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lines[middle].start <= offset) low = middle;
      else high = middle - 1;
    }
    return (this.lastLine = low);
  }
}
