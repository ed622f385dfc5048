// The text of a PostgreSQL error as psycopg2 gives it to the reference server: the message, a line break, and for an
// error at a position of the statement libpq's two context lines ("LINE 1: ...", then a caret under the position).

/** libpq shows at most this many columns of the statement's line ... */
const DISPLAY_SIZE = 60;
/** ... and keeps the end of the shown part at least this far right of the position when it cuts the line. */
const MIN_RIGHT_CUT = 10;

/** libpq's "LINE n: ..." and caret lines for the 0-based `position` in `statement` (statements of one byte per character). */
export function positionLines(statement: string, position: number): string {
  let line = 1;
  let begin = 0;
  let end = statement.length;
  for (let index = 0; index < statement.length; index += 1) {
    const char = statement[index];
    if (char !== '\n' && char !== '\r') continue;
    if (index < position) {
      if (char === '\r' || index === 0 || statement[index - 1] !== '\r') line += 1;
      begin = index + 1;
    } else {
      end = index;
      break;
    }
  }
  let cutLeft = false;
  let cutRight = false;
  if (end - begin > DISPLAY_SIZE) {
    if (begin + DISPLAY_SIZE >= position + MIN_RIGHT_CUT) {
      end = begin + DISPLAY_SIZE;
      cutRight = true;
    } else {
      if (position + MIN_RIGHT_CUT < end) {
        end = position + MIN_RIGHT_CUT;
        cutRight = true;
      }
      if (end - begin > DISPLAY_SIZE) {
        begin = end - DISPLAY_SIZE;
        cutLeft = true;
      }
    }
  }
  const prefix = `LINE ${line}: ${cutLeft ? '...' : ''}`;
  const shown = statement.slice(begin, end).replace(/\t/g, ' ');
  return `${prefix}${shown}${cutRight ? '...' : ''}\n${' '.repeat(prefix.length + position - begin)}^\n`;
}

/** The message psycopg2 carries for an error at `position` of `statement` (or at no position). */
export function postgresErrorText(message: string, statement?: string, position?: number): string {
  return statement === undefined || position === undefined ? `${message}\n` : `${message}\n${positionLines(statement, position)}`;
}
