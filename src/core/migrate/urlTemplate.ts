// A URL expression folded into literal text and the expressions it is built from, and the server's base URL taken
// from it: the whole expression is read (concatenation, formatting, variables), never part of a string.
import type { MigrationLanguage } from './legacyCall';
import { type EndpointOfUrl, endpointOfUrl } from './proxyUrls';

/** Literal text, or an expression kept as written, with the scope (function start offset, -1 at top level) where it is read. */
export type UrlPart = { readonly text: string } | { readonly expr: string; readonly scope: number };
export type UrlTemplate = readonly UrlPart[];

/** Stands for an expression's value in the folded text (never in a URL). */
const HOLE = '\u0000';

/** Joins literal parts and merges neighbours, so that `'http://' + 'h'` is one literal. */
export function joinParts(parts: readonly UrlPart[]): UrlPart[] {
  const joined: UrlPart[] = [];
  for (const part of parts) {
    const last = joined[joined.length - 1];
    if ('text' in part && last && 'text' in last) joined[joined.length - 1] = { text: last.text + part.text };
    else if (!('text' in part) || part.text !== '') joined.push(part);
  }
  return joined;
}

/** The folded text, expressions as a placeholder character. */
export function templateText(template: UrlTemplate): string {
  return template.map((part) => ('text' in part ? part.text : HOLE)).join('');
}

/** The deprecated endpoint a folded URL names. */
export function endpointOfTemplate(template: UrlTemplate): EndpointOfUrl | undefined {
  return endpointOfUrl(templateText(template));
}

/**
 * The parts before `/xmlrpc...` or `/jsonrpc` (the base URL), or undefined when the endpoint's path is not literal
 * text or an expression read in another function than `callScope` would be out of scope there (`self.`, `this.`
 * and `$this->` attributes excepted: they are read in the same object).
 */
export function baseOfTemplate(template: UrlTemplate, callScope: number, globalsVisible = true): UrlTemplate | undefined {
  const text = templateText(template);
  const match = /\/(?:xmlrpc(?:\/2)?\/(?:object|common|db)\b|jsonrpc(?![\w/-]))/.exec(text);
  if (!match) return undefined;
  let offset = 0;
  const base: UrlPart[] = [];
  for (const part of template) {
    const length = 'text' in part ? part.text.length : 1;
    if (offset + length > match.index) {
      if (!('text' in part)) return undefined;
      base.push({ text: part.text.slice(0, match.index - offset) });
      break;
    }
    base.push(part);
    offset += length;
  }
  const joined = joinParts(base);
  if (joined.length === 0) return undefined;
  const inScope = joined.every(
    (part) =>
      'text' in part || (part.scope === -1 && globalsVisible) || part.scope === callScope || /^(self\.|this\.|\$this->)/.test(part.expr),
  );
  return inScope ? joined : undefined;
}

/**
 * Whether a variable's template may stand for it elsewhere: an attribute (`self.url`, `this.url`, `$this->url`) is
 * read in every method, so it keeps its own name when its value comes from one function's local names.
 */
export function standsForVariable(name: string, template: UrlTemplate): boolean {
  return !/^(self\.|this\.|\$this->)/.test(name) || template.every((part) => 'text' in part || part.scope === -1);
}

/** Whether the URL is one expression the file does not show (a parameter, the environment...). */
export function isOpaque(template: UrlTemplate): boolean {
  return template.length === 1 && !('text' in template[0]);
}

/**
 * The base URL of a JSON-RPC endpoint: the literal text before /jsonrpc, or, for an endpoint the file does not
 * show, the endpoint's value at run time with its /jsonrpc taken off.
 */
export function baseOfEndpoint(template: UrlTemplate, callScope: number, language: MigrationLanguage): UrlTemplate | undefined {
  // PHP functions see no global variables.
  const globalsVisible = language !== 'php';
  if (!isOpaque(template)) return baseOfTemplate(template, callScope, globalsVisible);
  const part = template[0] as { expr: string; scope: number };
  const expr = SIMPLE_EXPRESSION.test(part.expr) ? part.expr : `(${part.expr})`;
  const stripped =
    language === 'python'
      ? `${expr}.rsplit('/jsonrpc', 1)[0]`
      : language === 'php'
        ? `preg_replace('#/jsonrpc/?$#', '', ${part.expr})`
        : `${expr}.replace(/\\/jsonrpc\\/?$/, '')`;
  return baseOfTemplate([{ expr: stripped, scope: part.scope }, { text: '/jsonrpc' }], callScope, globalsVisible);
}

const SIMPLE_EXPRESSION = /^[$A-Za-z_][\w$]*(?:(?:\.|->|::)[$A-Za-z_][\w$]*|\[[^\]\n]*\]|\([^()\n]*\))*$/;

/** `base` followed by the literal `path`, as an expression of the language. */
export function urlExpression(base: UrlTemplate, path: string, language: MigrationLanguage): string {
  const parts = joinParts([...base, { text: path }]);
  if (language === 'javascript') {
    if (parts.every((part) => 'text' in part)) return quoteSingle(parts.map((part) => ('text' in part ? part.text : '')).join(''));
    return `\`${parts.map((part) => ('text' in part ? part.text.replace(/[`\\]|\$\{/g, (c) => `\\${c}`) : `\${${part.expr}}`)).join('')}\``;
  }
  if (language === 'php') {
    return parts
      .map((part) => ('text' in part ? quoteSingle(part.text) : SIMPLE_EXPRESSION.test(part.expr) ? part.expr : `(${part.expr})`))
      .join(' . ');
  }
  if (parts.every((part) => 'text' in part)) return JSON.stringify(parts.map((part) => ('text' in part ? part.text : '')).join(''));
  // An f-string before Python 3.12 may not hold its own quote or a backslash inside {...}.
  const exprs = parts.flatMap((part) => ('text' in part ? [] : [part.expr]));
  const quote = exprs.some((expr) => expr.includes('"')) ? "'" : '"';
  if (exprs.some((expr) => expr.includes(quote) || expr.includes('\\') || expr.includes('\n'))) {
    return parts.map((part) => ('text' in part ? JSON.stringify(part.text) : `str(${part.expr})`)).join(' + ');
  }
  const body = parts
    .map((part) =>
      'text' in part
        ? part.text
            .replace(/[{}]/g, (c) => c + c)
            .replace(/[\\]/g, '\\\\')
            .replaceAll(quote, `\\${quote}`)
        : `{${part.expr}}`,
    )
    .join('');
  return `f${quote}${body}${quote}`;
}

function quoteSingle(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
}

/** The base URL read from the environment when the code does not show it. */
export function environmentBase(language: MigrationLanguage): UrlTemplate {
  if (language === 'python') return [{ expr: "os.environ['JSON2_BASE_URL']", scope: -1 }];
  if (language === 'php') return [{ expr: "getenv('JSON2_BASE_URL')", scope: -1 }];
  return [{ expr: 'process.env.JSON2_BASE_URL', scope: -1 }];
}

/** A base URL for reports and tests: literal text and `{expression}`. */
export function describeBase(base: UrlTemplate | undefined): string | undefined {
  return base?.map((part) => ('text' in part ? part.text : `{${part.expr}}`)).join('');
}
