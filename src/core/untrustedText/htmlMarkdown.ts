// HTML from a server (the docutils docstrings of `/doc-bearer` documents) as inert Markdown, with turndown. The entry of
// dist/htmlMarkdown.js, which docstringMarkdown.ts requires the first time a docstring is HTML.
import TurndownService from 'turndown';
import { escapeLine, escapeMarkdown } from './markdownEscape';

/** Elements whose content is never shown (scripts, styles, embedded objects, form controls). */
const DROPPED: TurndownService.Filter = [
  'script',
  'style',
  'head',
  'title',
  'meta',
  'link',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
];

/** Inline code as docutils writes it (`<tt class="docutils literal">`), and its HTML kin. */
const INLINE_CODE = new Set(['CODE', 'TT', 'KBD', 'SAMP', 'VAR']);

function converter(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  // Every text run: all ASCII punctuation backslash-escaped, as escapeMarkdown does, so no text becomes markup.
  service.escape = (text: string) => escapeLine(text);
  service.remove(DROPPED);
  // turndown's own image rule would win over `remove`: images are dropped here (no server address is ever loaded).
  service.addRule('noImage', { filter: 'img', replacement: () => '' });
  // A link shows its text only (escaped like any text): no address of the server's reaches the Markdown.
  service.addRule('linkText', { filter: 'a', replacement: (content) => content });
  service.addRule('inlineCode', {
    filter: (node) => INLINE_CODE.has(node.nodeName) && !insidePre(node),
    replacement: (_content, node) => escapeMarkdown(node.textContent ?? '', 'code'),
  });
  service.addRule('preformatted', {
    filter: 'pre',
    replacement: (_content, node) => fencedBlock(node.textContent ?? ''),
  });
  // docutils' admonition titles ("Warning", "Note") and definition terms, in bold.
  service.addRule('emphasisedTitle', {
    filter: (node) => node.nodeName === 'DT' || (node.nodeName === 'P' && /\badmonition-title\b/.test(node.className)),
    replacement: (content) => (content.trim() === '' ? '' : `\n\n**${content.trim()}**\n\n`),
  });
  return service;
}

/** What the rules read of a node of turndown's DOM (the core is built without the DOM's types). */
interface ElementNode {
  readonly nodeName: string;
  readonly parentNode: ElementNode | null;
}

function insidePre(node: ElementNode): boolean {
  for (let parent = node.parentNode; parent; parent = parent.parentNode) if (parent.nodeName === 'PRE') return true;
  return false;
}

/** A fenced code block whose fence (backticks) is longer than any run of backticks inside, so nothing closes it early. */
function fencedBlock(code: string): string {
  const text = code.replace(/^\n+|\n+$/g, '');
  if (text.trim() === '') return '';
  const longest = (text.match(/`+/g) ?? []).reduce((max, run) => Math.max(max, run.length), 0);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `\n\n${fence}\n${text}\n${fence}\n\n`;
}

let service: TurndownService | undefined;

/** The Markdown of an HTML fragment: structure kept (paragraphs, lists, emphasis, code), every text escaped. */
export function htmlToMarkdown(html: string): string {
  service ??= converter();
  return service.turndown(html);
}
