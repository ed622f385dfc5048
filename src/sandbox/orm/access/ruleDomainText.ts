// The domain of a record rule as the reference server stores it: Python literal text such as
// `['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]`, with a few names that stand for the
// calling user. Parsed once, then filled in per user.
import { valueError } from '../../errors/serviceErrors';
import type { CurrentUser } from './currentUser';

/** A parsed literal: JSON-like values, with `{ name }` where the text names a user value. */
export type RuleLiteral = string | number | boolean | null | RuleLiteral[] | { name: string };

/** The names a rule may use, and the user value each stands for. */
const NAMES: Record<string, (user: CurrentUser) => unknown> = {
  uid: (user) => user.id,
  'user.id': (user) => user.id,
  company_id: (user) => user.companyId,
  'user.company_id.id': (user) => user.companyId,
  company_ids: (user) => [...user.companyIds],
  'user.company_ids.ids': (user) => [...user.companyIds],
  'user.partner_id.id': (user) => user.partnerId ?? false,
};

const TOKEN = /\s*(?:([[\](),])|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w.]*))/y;

function unescape(text: string): string {
  return text.replace(/\\(.)/g, '$1');
}

function invalid(text: string, why: string): Error {
  return valueError(`Invalid domain in the record rule: ${why} in ${text}`);
}

type Token = { kind: 'punct' | 'string' | 'number' | 'name'; text: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const match = TOKEN.exec(text);
    if (!match) throw invalid(text, `unexpected text at ${TOKEN.lastIndex}`);
    if (match[1] !== undefined) tokens.push({ kind: 'punct', text: match[1] });
    else if (match[2] !== undefined) tokens.push({ kind: 'string', text: unescape(match[2]) });
    else if (match[3] !== undefined) tokens.push({ kind: 'string', text: unescape(match[3]) });
    else if (match[4] !== undefined) tokens.push({ kind: 'number', text: match[4] });
    else tokens.push({ kind: 'name', text: match[5] });
  }
  return tokens;
}

/** Parses rule text (an empty text is the empty domain); ValueError for anything but literals and the known names. */
export function parseRuleDomain(text: string | null): RuleLiteral {
  if (text === null || text.trim() === '') return [];
  const tokens = tokenize(text);
  let position = 0;
  const next = (): Token => {
    const token = tokens[position++];
    if (!token) throw invalid(text, 'unexpected end');
    return token;
  };
  const value = (): RuleLiteral => {
    const token = next();
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.kind === 'name') {
      if (token.text === 'True') return true;
      if (token.text === 'False') return false;
      if (token.text === 'None') return null;
      if (!(token.text in NAMES))
        throw invalid(text, `unknown name '${token.text}' (known: True, False, None, ${Object.keys(NAMES).join(', ')})`);
      return { name: token.text };
    }
    if (token.text !== '[' && token.text !== '(') throw invalid(text, `unexpected '${token.text}'`);
    const close = token.text === '[' ? ']' : ')';
    const items: RuleLiteral[] = [];
    while (tokens[position]?.text !== close) {
      items.push(value());
      const separator = tokens[position];
      if (separator?.text === ',') position += 1;
      else if (separator?.text !== close) throw invalid(text, `expected ',' or '${close}'`);
    }
    position += 1;
    return items;
  };
  const result = value();
  if (position !== tokens.length) throw invalid(text, 'text after the domain');
  if (!Array.isArray(result)) throw invalid(text, 'a domain is a list');
  return result;
}

/** The rule's domain for `user`: the names replaced by the user's values. */
export function ruleDomainFor(literal: RuleLiteral, user: CurrentUser): unknown {
  if (Array.isArray(literal)) return literal.map((item) => ruleDomainFor(item, user));
  if (literal !== null && typeof literal === 'object') return NAMES[literal.name](user);
  return literal;
}
