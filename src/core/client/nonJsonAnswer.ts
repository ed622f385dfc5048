// Says what an answer that is not JSON is (an HTML page, text, a redirect, nothing): status, content type, headline.
import { STATUS_CODES } from 'node:http';
import { textOfHtml } from './htmlText';

/** How much of a page's headline a description quotes. */
const HEADLINE_LIMIT = 200;

/** What a description needs of an answer. */
export interface AnswerShape {
  readonly status: number;
  readonly contentType?: string;
  /** The answer's text, as received. */
  readonly text: string;
  /** The `Location` header of a redirect. */
  readonly location?: string;
}

/** Whether a content type is JSON's (`application/json`, `…+json`); an absent one counts as JSON for a body that parses. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return contentType === undefined || /json/i.test(contentType);
}

/** Whether the answer is JSON: a JSON (or absent) content type and a body that parses. An empty body is not JSON. */
export function isJsonAnswer(text: string, contentType: string | undefined): boolean {
  if (!isJsonContentType(contentType) || text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The line a person recognises a page by: the HTML title (with the first paragraph when the title is only a status,
 * as on the server's own error pages), else the first heading, else the first non-blank line of text. Cut short.
 */
export function headlineOf(text: string, contentType: string | undefined): string {
  const html = /html|xml/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|title|body)\b/i.test(text);
  const headline = html
    ? htmlHeadline(text)
    : (text
        .split(/\r?\n/)
        .find((line) => line.trim() !== '')
        ?.trim() ?? '');
  return headline.length > HEADLINE_LIMIT ? `${headline.slice(0, HEADLINE_LIMIT)}…` : headline;
}

function htmlHeadline(html: string): string {
  const part = (tag: string) => {
    const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}\\s*>`, 'i').exec(html);
    return match ? textOfHtml(match[1]) : '';
  };
  const title = part('title') || part('h1');
  const paragraph = part('p');
  if (title === '') return paragraph || textOfHtml(html);
  // `404 Not Found` says no more than the status: the page's first paragraph says why.
  return /^\d{3}\b/.test(title) && paragraph !== '' ? `${title}: ${paragraph}` : title;
}

/** `404 Not Found`, or the bare number for a status without a standard phrase. */
export function statusText(status: number): string {
  const phrase = STATUS_CODES[status];
  return phrase === undefined ? String(status) : `${status} ${phrase}`;
}

/** What kind of body it is, in words: `an HTML page (text/html)`, `text (text/plain)`, `an empty body`. */
function bodyKind(answer: AnswerShape): string {
  if (answer.text.trim() === '') return 'an empty body';
  const type = answer.contentType === undefined ? 'no content type' : answer.contentType;
  if (/html/i.test(type) || (answer.contentType === undefined && /^\s*<(!doctype|html)\b/i.test(answer.text)))
    return `an HTML page (${type})`;
  if (/json/i.test(type)) return `a body that does not parse as JSON (${type})`;
  return `${/^text\//i.test(type) ? 'text' : 'a body'} (${type})`;
}

/**
 * One sentence for an answer that is not JSON: its status, its content type and the page's headline, or where a
 * redirect points. `The server answered 502 Bad Gateway with an HTML page (text/html), not JSON: "502 Bad Gateway"`.
 */
export function describeNonJsonAnswer(answer: AnswerShape): string {
  const status = statusText(answer.status);
  if (answer.status >= 300 && answer.status < 400 && answer.location !== undefined)
    return `The server answered ${status}, a redirect to ${answer.location}, not JSON (redirects are not followed).`;
  const headline = answer.text.trim() === '' ? '' : headlineOf(answer.text, answer.contentType);
  const kind = bodyKind(answer);
  const said = `The server answered ${status} with ${kind}${kind.includes('JSON') ? '' : ', not JSON'}`;
  return headline === '' ? `${said}.` : `${said}: "${headline}"`;
}

/** An error answer without the service's error object: a page or text said as above, or JSON of another shape quoted. */
export function describeAnswerWithoutErrorObject(answer: AnswerShape): string {
  if (!isJsonAnswer(answer.text, answer.contentType)) return describeNonJsonAnswer(answer);
  const quoted = answer.text.trim();
  return `The server answered ${statusText(answer.status)} without an error object: ${quoted.length > HEADLINE_LIMIT ? `${quoted.slice(0, HEADLINE_LIMIT)}…` : quoted}`;
}
