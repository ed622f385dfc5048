// Reads the database manager's answers: a redirect means success, the manager page with an error sentence a failure.
import { ClientError, TransportError } from './clientErrors';
import { textOfHtml } from './htmlText';

/** A database-manager action the server refused; `sentence` is the page's error sentence as the server wrote it. */
export class DatabaseManagerError extends ClientError {
  readonly sentence: string;
  readonly action: string;

  constructor(action: string, sentence: string) {
    // A wrong master password reads "Access Denied" in every action's sentence.
    super(/access denied/i.test(sentence) ? 'auth' : 'validation', `${action}: ${sentence}`);
    this.sentence = sentence;
    this.action = action;
  }
}

const ERROR_SENTENCE = /(?:Database (?:creation|duplication|deletion|backup|restore) error|Master password update error)\s*:/i;

/**
 * Success (undefined) for a 3xx redirect to the manager; a `DatabaseManagerError` with the sentence for the manager
 * page showing an error; a `TransportError` for anything else.
 */
export function managerFailureOf(action: string, status: number, text: string): Error | undefined {
  if (status >= 300 && status < 400) return undefined;
  if (status === 200) {
    const sentence = errorSentenceOf(text);
    if (sentence !== undefined) return new DatabaseManagerError(action, sentence);
    return new TransportError(
      'invalidResponse',
      `${action}: the manager answered with a page but no error sentence and no redirect; the outcome is unknown.`,
      { status, rawBody: text.slice(0, 4096) },
    );
  }
  const said = textOfHtml(text).slice(0, 200);
  return new TransportError(
    status === 404 ? 'notFound' : 'invalidResponse',
    `${action}: the manager answered ${status}${said ? `: ${said}` : ''}`,
    { status, rawBody: text.slice(0, 4096) },
  );
}

/** The error sentence of a manager page (`Database creation error: ...`), from the text node that holds it. */
export function errorSentenceOf(html: string): string | undefined {
  // The sentence sits in one element (an alert); take the text between the tags around it.
  for (const match of html.matchAll(/>([^<]*)</g)) {
    const text = textOfHtml(match[1]);
    if (ERROR_SENTENCE.test(text)) return text;
  }
  const whole = textOfHtml(html);
  const found = ERROR_SENTENCE.exec(whole);
  return found ? whole.slice(found.index, found.index + 300).trim() : undefined;
}
