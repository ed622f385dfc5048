// A server's docstring (method and parameter docs, field help) as Markdown for hovers, completion, signature help and
// the explorer: HTML, as real servers' `/doc-bearer` documents carry it, converted; plain text escaped as it is.
import { escapeMarkdown } from './markdownEscape';

type HtmlConverter = typeof import('./htmlMarkdown');

/** An HTML fragment: it opens with a tag and closes with an end tag (docutils writes `<div class="document">` or `<p>`). */
const HTML_FRAGMENT = /^\s*<([a-z][a-z0-9]*)\b[^<>]*>[\s\S]*<\/[a-z][a-z0-9]*\s*>\s*$/i;

/** Converted docstrings by their HTML: a model's document repeats the same parameter docs on many methods. */
const converted = new Map<string, string>();
const MAX_REMEMBERED = 4_000;
let loaded: HtmlConverter | undefined;

/** True when a docstring is HTML; plain text that merely holds a `<` (`Name <email@domain>`) is not. */
export function isHtmlDocstring(text: string): boolean {
  return HTML_FRAGMENT.test(text);
}

/**
 * The docstring as Markdown in which the server's text is inert (no link, image, HTML or command comes out of it).
 * `block`: its own paragraphs; `inline`: after a list item's marker, continuation lines indented to stay in the item.
 */
export function docstringMarkdown(text: string, layout: 'block' | 'inline' = 'block'): string {
  if (!isHtmlDocstring(text)) return escapeMarkdown(text, layout);
  let markdown = converted.get(text);
  if (markdown === undefined) {
    markdown = converter().htmlToMarkdown(text);
    if (converted.size >= MAX_REMEMBERED) converted.clear();
    converted.set(text, markdown);
  }
  if (layout === 'block') return markdown;
  return markdown
    .split('\n')
    .map((line, index) => (index === 0 || line === '' ? line : `  ${line}`))
    .join('\n');
}

function converter(): HtmlConverter {
  // A bundle of its own in the extension (scripts/build.mjs keeps './htmlMarkdown.js' external), required the first
  // time a docstring is HTML, so that start-up never parses turndown and its DOM.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./htmlMarkdown.js') as HtmlConverter;
  return loaded;
}
