// Splits SQL text arriving in pieces into whole statements, in one pass (each character is looked at once, whatever
// the chunking): a `;` ends a statement unless it is inside a string ('...', E'...' with backslash escapes), a quoted
// identifier, a line comment or a (nested) block comment, as PostgreSQL's lexer reads them with
// standard_conforming_strings on. Dollar quoting and `$n` parameters are refused: a plain dump has none, and a splitter
// that read them differently from the server could let a statement through inside what it took for a string.
// So are two string literals with only blanks or comments between them: PostgreSQL joins them into one when a newline
// separates them, keeping the first one's kind (E'...' or not), which a splitter could easily read otherwise.
// Each statement comes with the words it uses outside strings and comments, for the restore's checks.

import { DatabaseOperationError } from './databaseOperations';

/** The backup cannot be split: a statement too long, dollar quoting, or an unfinished statement at the end. */
export class SqlSplitError extends DatabaseOperationError {}

export interface SplitStatement {
  /** The statement, trimmed, with its `;`. */
  text: string;
  /** Its first words outside strings and comments, lowercased; a quoted identifier keeps its quotes (`"values"`). */
  head: string[];
  /** Its words outside strings and comments (numbers excepted), lowercased; quoted identifiers keep their quotes. */
  words: string[];
  /** The distinct unquoted words after the first unquoted `values`, or null when there is no such word. */
  afterValues: string[] | null;
}

export interface SplitterOptions {
  /** Longest statement accepted, in characters. */
  maxStatementChars: number;
}

const HEAD_WORDS = 8;
/** Distinct words kept after `values`: enough to see that something other than a literal is there. */
const MAX_LISTED = 16;
/** Words of one statement (a table has at most 1,600 columns, named once and valued once in a row); more is refused. */
const MAX_WORDS = 16_384;
/** PostgreSQL truncates identifiers to 63 bytes; longer words are kept to this many characters. */
const MAX_WORD_CHARS = 256;

const enum State {
  Code,
  Dash,
  Slash,
  LineComment,
  Block,
  BlockStar,
  BlockSlash,
  Quote,
  QuoteClosed,
  EQuote,
  EQuoteEscape,
  EQuoteClosed,
  Ident,
  IdentClosed,
}

const isWordChar = (code: number) =>
  (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code >= 128;
const isBlank = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** Index of the first of `a` or `b` in `text` from `from`, or the text's length. */
function nextOf(text: string, a: string, b: string | null, from: number): number {
  const first = text.indexOf(a, from);
  const second = b === null ? -1 : text.indexOf(b, from);
  if (first < 0) return second < 0 ? text.length : second;
  return second < 0 ? first : Math.min(first, second);
}

export class StatementSplitter {
  private state = State.Code;
  private depth = 0;
  /** The current statement's text from earlier chunks, and its length. */
  private pieces: string[] = [];
  private chars = 0;
  /** True once the current statement has something other than blanks and comments. */
  private hasCode = false;
  /** True from the end of a string literal until the next token that is not a blank or a comment. */
  private afterString = false;
  /** The word being read (unquoted, or inside a quoted identifier). */
  private word = '';
  private wordQuoted = false;
  private head: string[] = [];
  private words: string[] = [];
  private afterValues: Set<string> | null = null;

  constructor(private readonly options: SplitterOptions) {}

  /** Adds text and returns the statements it completed. */
  push(text: string): SplitStatement[] {
    const done: SplitStatement[] = [];
    let start = 0;
    // Where the part of the current word inside this chunk starts (-1: no word is being read here).
    let wordStart = this.state === State.Ident ? 0 : -1;
    const takeWord = (end: number) => {
      if (wordStart >= 0 && this.word.length < MAX_WORD_CHARS)
        this.word += text.slice(wordStart, Math.min(end, wordStart + MAX_WORD_CHARS));
      wordStart = -1;
    };
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      switch (this.state) {
        case State.Code:
          if (isWordChar(code)) {
            this.hasCode = true;
            this.afterString = false;
            if (wordStart < 0) wordStart = i;
            while (i + 1 < text.length && isWordChar(text.charCodeAt(i + 1))) i += 1;
            continue;
          }
          if (isBlank(code)) {
            takeWord(i);
            this.finishWord();
            while (i + 1 < text.length && isBlank(text.charCodeAt(i + 1))) i += 1;
            continue;
          }
          takeWord(i);
          if (code === 39 /* ' */) {
            if (this.afterString) throw new SqlSplitError('the backup has two string literals in a row, which a plain dump never writes');
            this.hasCode = true;
            // E'...' reads backslash escapes; any other word before a string (B, X, N, a type name) is a word.
            const eString = !this.wordQuoted && this.word.toLowerCase() === 'e';
            if (eString) this.word = '';
            else this.finishWord();
            this.state = eString ? State.EQuote : State.Quote;
            continue;
          }
          this.finishWord();
          if (code === 45 /* - */) {
            this.state = State.Dash;
            continue;
          }
          if (code === 47 /* / */) {
            this.state = State.Slash;
            continue;
          }
          if (code === 59 /* ; */) {
            const statement = this.finishStatement(text.slice(start, i + 1));
            if (statement) done.push(statement);
            start = i + 1;
            continue;
          }
          this.hasCode = true;
          this.afterString = false;
          if (code === 34 /* " */) {
            this.state = State.Ident;
            this.wordQuoted = true;
            wordStart = i + 1;
          } else if (code === 36 /* $ */)
            throw new SqlSplitError('the backup uses dollar quoting or $ parameters, which a plain dump never contains');
          continue;
        case State.Dash:
        case State.Slash:
          if (code === (this.state === State.Dash ? 45 : 42)) {
            this.state = this.state === State.Dash ? State.LineComment : State.Block;
            this.depth = 1;
            continue;
          }
          // A lone `-` or `/` is an operator.
          this.hasCode = true;
          this.afterString = false;
          this.state = State.Code;
          i -= 1;
          continue;
        case State.LineComment:
          i = nextOf(text, '\n', '\r', i);
          if (i < text.length) this.state = State.Code;
          continue;
        case State.Block:
          i = nextOf(text, '*', '/', i);
          if (i < text.length) this.state = text.charCodeAt(i) === 42 ? State.BlockStar : State.BlockSlash;
          continue;
        case State.BlockStar:
          if (code === 47) {
            this.depth -= 1;
            this.state = this.depth === 0 ? State.Code : State.Block;
            continue;
          }
          this.state = State.Block;
          i -= 1;
          continue;
        case State.BlockSlash:
          if (code === 42) {
            this.depth += 1;
            this.state = State.Block;
            continue;
          }
          this.state = State.Block;
          i -= 1;
          continue;
        case State.Quote:
          i = nextOf(text, "'", null, i);
          if (i < text.length) this.state = State.QuoteClosed;
          continue;
        case State.QuoteClosed:
        case State.EQuoteClosed:
          // A doubled quote is a quote inside the string.
          if (code === 39) {
            this.state = this.state === State.QuoteClosed ? State.Quote : State.EQuote;
            continue;
          }
          this.afterString = true;
          this.state = State.Code;
          i -= 1;
          continue;
        case State.EQuote:
          i = nextOf(text, "'", '\\', i);
          if (i < text.length) this.state = text.charCodeAt(i) === 39 ? State.EQuoteClosed : State.EQuoteEscape;
          continue;
        case State.EQuoteEscape:
          this.state = State.EQuote;
          continue;
        case State.Ident:
          i = nextOf(text, '"', null, i);
          if (i < text.length) {
            takeWord(i);
            this.state = State.IdentClosed;
          }
          continue;
        case State.IdentClosed:
          if (code === 34) {
            this.word += '"';
            wordStart = i + 1;
            this.state = State.Ident;
            continue;
          }
          this.finishWord();
          this.state = State.Code;
          i -= 1;
          continue;
      }
    }
    takeWord(text.length);
    const rest = text.slice(start);
    if (rest !== '') {
      this.pieces.push(rest);
      this.chars += rest.length;
      if (this.chars > this.options.maxStatementChars) this.tooLong();
    }
    return done;
  }

  /** Checks that the text ended between statements (only blanks and comments after the last `;`). */
  finish(): void {
    if (this.hasCode || (this.state !== State.Code && this.state !== State.LineComment))
      throw new SqlSplitError('the backup ends in the middle of a statement');
  }

  private tooLong(): never {
    throw new SqlSplitError(
      `a statement of the backup is longer than ${Math.round(this.options.maxStatementChars / (1024 * 1024))} MiB (a plain dump writes one row per statement)`,
    );
  }

  private finishWord(): void {
    if (this.word === '' && !this.wordQuoted) return;
    const bare = this.word.toLowerCase();
    const quoted = this.wordQuoted;
    this.word = '';
    this.wordQuoted = false;
    // Numbers are not words.
    if (!quoted && bare.charCodeAt(0) >= 48 && bare.charCodeAt(0) <= 57) return;
    const word = quoted ? `"${bare}"` : bare;
    if (this.head.length < HEAD_WORDS) this.head.push(word);
    if (this.words.push(word) > MAX_WORDS) throw new SqlSplitError(`a statement of the backup has more than ${MAX_WORDS} words`);
    if (quoted) return;
    if (this.afterValues !== null) {
      if (this.afterValues.size < MAX_LISTED) this.afterValues.add(bare);
    } else if (bare === 'values') this.afterValues = new Set();
  }

  /** The statement ending with `lastPiece`, or null for an empty one (a lone `;`). */
  private finishStatement(lastPiece: string): SplitStatement | null {
    this.pieces.push(lastPiece);
    this.chars += lastPiece.length;
    if (this.chars > this.options.maxStatementChars) this.tooLong();
    const statement: SplitStatement | null = this.hasCode
      ? { text: this.pieces.join('').trim(), head: this.head, words: this.words, afterValues: this.afterValues && [...this.afterValues] }
      : null;
    this.pieces = [];
    this.chars = 0;
    this.hasCode = false;
    this.afterString = false;
    this.head = [];
    this.words = [];
    this.afterValues = null;
    return statement;
  }
}
