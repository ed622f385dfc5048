// Float values that are whole numbers (20.0): JavaScript has one number type and writes them `20`, the reference
// server's Python writes a float `20.0`. A value of a float or monetary field that is whole is kept as a WholeFloat,
// which the answer writers (JSON and XML-RPC) write as Python does; it still computes as a number (valueOf).

/** What a WholeFloat becomes inside JSON text before jsonWithFloats puts the bare number back. */
const MARK = '\u0000float:';
const MARKED = /"\\u0000float:([-0-9.e+]+)"/g;

export class WholeFloat {
  constructor(readonly value: number) {}

  valueOf(): number {
    return this.value;
  }

  toJSON(): string {
    return `${MARK}${pythonFloatText(this.value)}`;
  }
}

/** Python's repr() of a float: `20.0`, `-0.0`, `1e+16` (exponent from 1e16 up, where JavaScript writes digits). */
export function pythonFloatText(value: number): string {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (Object.is(value, -0)) return '-0.0';
  const abs = Math.abs(value);
  if (abs >= 1e16) return value.toExponential();
  if (abs !== 0 && abs < 1e-4) {
    const [mantissa, exponent] = value.toExponential().split('e');
    const sign = exponent.startsWith('-') ? '-' : '+';
    return `${mantissa}e${sign}${exponent.replace(/^[-+]/, '').padStart(2, '0')}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** A float field's value as the answer carries it: a whole number as a WholeFloat, any other as is. */
export function floatValue(value: number): number | WholeFloat {
  return Number.isInteger(value) ? new WholeFloat(value) : value;
}

/** The plain number of a value that may be a WholeFloat (values read back and written again). */
export function plainNumber<T>(value: T): T | number {
  return value instanceof WholeFloat ? value.value : value;
}

/** JSON text written by JSON.stringify with its WholeFloats as bare float numbers. */
export function jsonWithFloats(text: string): string {
  return text.includes('\\u0000float:') ? text.replace(MARKED, '$1') : text;
}
