// A record rule's domain (Python literal text as ir.rule stores it) in words, for the simple shapes rules mostly have.

type Literal = string | number | boolean | null | Literal[] | { name: string };

const TOKEN = /\s*(?:([[\](),])|'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(-?\d+(?:\.\d+)?)|([A-Za-z_][\w.]*))/y;

/** Parses the text; undefined when it is more than literals and names (then the text is shown as it is). */
function parse(text: string): Literal | undefined {
  const tokens: string[][] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length && !/^\s*$/.test(text.slice(TOKEN.lastIndex))) {
    const match = TOKEN.exec(text);
    if (!match) return undefined;
    tokens.push(match);
  }
  let position = 0;
  const value = (): Literal | undefined => {
    const token = tokens[position++];
    if (!token) return undefined;
    if (token[2] !== undefined || token[3] !== undefined) return token[2] ?? token[3];
    if (token[4] !== undefined) return Number(token[4]);
    if (token[5] !== undefined)
      return token[5] === 'True' ? true : token[5] === 'False' ? false : token[5] === 'None' ? null : { name: token[5] };
    if (token[1] !== '[' && token[1] !== '(') return undefined;
    const close = token[1] === '[' ? ']' : ')';
    const items: Literal[] = [];
    while (tokens[position] && tokens[position][1] !== close) {
      const item = value();
      if (item === undefined) return undefined;
      items.push(item);
      if (tokens[position]?.[1] === ',') position += 1;
    }
    position += 1;
    return items;
  };
  const result = value();
  return position === tokens.length ? result : undefined;
}

const USER_VALUES: Record<string, string> = {
  uid: 'you',
  'user.id': 'you',
  'user.partner_id.id': 'your contact',
  company_id: 'your current company',
  'user.company_id.id': 'your current company',
  company_ids: 'one of your allowed companies',
  'user.company_ids.ids': 'one of your allowed companies',
};

function valueWords(value: Literal): string {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return USER_VALUES[value.name] ?? value.name;
  return JSON.stringify(value);
}

function conditionWords(condition: Literal, labels: Readonly<Record<string, { string?: string }>>): string | undefined {
  if (!Array.isArray(condition) || condition.length !== 3) return undefined;
  const [field, operator, value] = condition;
  if (field === 1 && value === 1) return 'of every kind';
  if (typeof field !== 'string' || typeof operator !== 'string') return undefined;
  const label = labels[field]?.string ?? field;
  if (value === false && operator === '=') return `without ${label}`;
  if (operator === '=' || operator === 'in') return `whose ${label} is ${valueWords(value)}`;
  if (operator === '!=' || operator === 'not in') return `whose ${label} is not ${valueWords(value)}`;
  return `whose ${label} ${operator} ${valueWords(value)}`;
}

/**
 * "whose Salesperson is you or without Salesperson" for a domain of conditions joined by one kind of operator, else
 * "matching <the domain text>".
 */
export function describeRuleDomain(text: string, labels: Readonly<Record<string, { string?: string }>>): string {
  const parsed = parse(text);
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) return 'of every kind';
    const operators = parsed.filter((item) => item === '|' || item === '&');
    const conditions = parsed.filter((item) => item !== '|' && item !== '&');
    const joined = new Set(operators).size <= 1 && (operators.length === 0 || operators.length === conditions.length - 1);
    const words = conditions.map((condition) => conditionWords(condition, labels));
    if (joined && words.every((word): word is string => word !== undefined)) return words.join(operators[0] === '|' ? ' or ' : ' and ');
  }
  return `matching \`${text}\``;
}
