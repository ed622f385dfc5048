// What a piece of Markdown renders to, read with marked (the parser VS Code renders hovers and completion docs with):
// the kinds of construct in it and its visible text, so tests can assert that server text stays text.
import { marked, type Token } from 'marked';

export interface RenderedMarkdown {
  /** Every token kind met, block and inline (`paragraph`, `text`, `escape`, `link`, `image`, `html`, `codespan`...). */
  readonly kinds: ReadonlySet<string>;
  /** The visible text, with escapes resolved; line breaks as `\n`, paragraphs separated by a blank line. */
  readonly text: string;
  /** The text of each code span. */
  readonly codeSpans: readonly string[];
  /** The HTML marked makes of it (GitHub-flavoured, as the editor renders it). */
  readonly html: string;
}

/** Kinds that plain text may produce. */
export const TEXT_KINDS: ReadonlySet<string> = new Set(['paragraph', 'text', 'escape', 'br', 'space']);

/** Kinds that would let a server put something other than text in front of the person. */
export const ACTIVE_KINDS: ReadonlySet<string> = new Set(['link', 'image', 'html', 'def', 'tag']);

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const options = { gfm: true, breaks: false } as const;
  const tokens = marked.lexer(markdown, options);
  const kinds = new Set<string>();
  const codeSpans: string[] = [];
  const visible = (list: readonly Token[]): string =>
    list
      .map((token) => {
        kinds.add(token.type);
        if (token.type === 'codespan') codeSpans.push(token.text);
        if (token.type === 'br') return '\n';
        if (token.type === 'space') return '';
        if (token.type === 'escape') return token.text;
        if ('tokens' in token && token.tokens) return visible(token.tokens);
        if ('items' in token && Array.isArray(token.items)) return visible(token.items as Token[]);
        return 'text' in token && typeof token.text === 'string' ? decodeEntities(token.text) : token.raw;
      })
      .join('');
  const paragraphs = tokens.filter((token) => token.type !== 'space').map((token) => visible([token]));
  tokens.filter((token) => token.type === 'space').forEach((token) => kinds.add(token.type));
  return { kinds, text: paragraphs.join('\n\n'), codeSpans, html: marked.parser(tokens, options) };
}

/** The kinds in `rendered` that are not in `allowed`. */
export function kindsOutside(rendered: RenderedMarkdown, allowed: ReadonlySet<string>): string[] {
  return [...rendered.kinds].filter((kind) => !allowed.has(kind));
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? _);
}
