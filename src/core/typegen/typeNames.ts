// Names and text in generated code: `sale.order.line` → `SaleOrderLine` (then `SaleOrderLineRead`, `…Write`, …),
// distinct even when two model names spell the same words; and server text made safe in comments and literals.

/** The base name of each model's types, by model; `models` in a fixed order gives the same names every time. */
export function typeBaseNames(models: readonly string[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const model of [...models].sort()) {
    const words = model.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
    let base = words.map((word) => word[0].toUpperCase() + word.slice(1)).join('') || 'Model';
    if (/^\d/.test(base)) base = `M${base}`;
    let name = base;
    for (let count = 2; taken.has(name); count += 1) name = `${base}${count}`;
    taken.add(name);
    names.set(model, name);
  }
  return names;
}

/** True when `name` may stand as a property name without quotes in TypeScript. */
export const isPlainIdentifier = (name: string): boolean => /^[A-Za-z_$][\w$]*$/.test(name);

/** Characters that must not reach generated code as they are: C0 and C1 controls (NUL is refused in Python source) and
 * U+2028/U+2029, which end a line comment in TypeScript. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
export const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** The escape `\uXXXX` of one character, as TypeScript, JSON and Python string literals read it. */
export const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One line of untrusted text (a field's label, a method's first sentence) safe inside a generated comment. */
export function commentText(text: string, limit = 160): string {
  const line = text.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim().replace(/\*\//g, '*∕');
  return line.length > limit ? `${line.slice(0, limit - 1)}…` : line;
}
