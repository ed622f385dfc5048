// Server text (labels, help, selection labels, method docs) made inert for Markdown: it shows as typed, never as markup.

/** Every ASCII punctuation character: CommonMark lets a backslash escape each of them, and only they start markup. */
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/g;

/**
 * Where the escaped text goes:
 * - `block`: as its own paragraphs; a line break stays a (hard) line break, a blank line a new paragraph, and each
 *   line's leading white space is dropped (four spaces would start a code block);
 * - `inline`: inside a line of other Markdown (a bold label, a list item): every run of white space, line breaks
 *   included, becomes one space;
 * - `code`: a code span of its own (a technical name, a value), shown in the editor's code font.
 */
export type MarkdownLayout = 'block' | 'inline' | 'code';

/**
 * Text from a server as Markdown that renders exactly that text: no link, image, autolink (`<…>`, bare `https:` or
 * `www.`, e-mail address), HTML tag or entity, code span or fence, emphasis, strike-through, heading, quote, list,
 * table, rule, task box or `command:` link can come out of it, whatever it holds.
 *
 * As text, every ASCII punctuation character is backslash-escaped: that covers every construct, and also breaks bare
 * URLs and e-mail addresses, the only ones made mostly of letters. As a code span, the fence is one backtick longer
 * than the longest run of backticks inside, so nothing inside can close it, and nothing inside a code span is markup.
 * The caller keeps `isTrusted`, `supportHtml` and `supportThemeIcons` off on the Markdown that holds it.
 */
export function escapeMarkdown(text: string, layout: MarkdownLayout = 'block'): string {
  if (layout === 'code') return codeSpan(text.replace(/\s+/g, ' '));
  if (layout === 'inline') return escapeLine(text.replace(/\s+/g, ' ').trim());
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => escapeLine(line.trim()))
        .filter(Boolean)
        .join('  \n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

/** Every ASCII punctuation character of the text backslash-escaped, white space left as it is (for text runs inside other Markdown). */
export function escapeLine(line: string): string {
  return line.replace(ASCII_PUNCTUATION, '\\$&');
}

function codeSpan(code: string): string {
  if (code.trim() === '') return escapeLine(code.trim());
  const longestRun = (code.match(/`+/g) ?? []).reduce((longest, run) => Math.max(longest, run.length), 0);
  const fence = '`'.repeat(longestRun + 1);
  // A space on each side is taken off again by the parser; it keeps a backtick inside from touching the fence.
  const padded = /^[` ]|[` ]$/.test(code) ? ` ${code} ` : code;
  return `${fence}${padded}${fence}`;
}
