// XML-RPC encoding and decoding (calls, answers, faults); documents are read by xmlTree.ts (the strict saxes parser,
// documents with a DTD refused).
import type { XmlElement } from './xmlTree';
import { escapeMarkupText } from '../untrustedText/markupEscape';

/** A decoded XML-RPC answer: a result value or a fault. */
export type XmlRpcAnswer =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'fault'; readonly code: number | string; readonly message: string };

/** The document is not XML-RPC, is not well-formed, or carries a DTD (refused: entity expansion attacks). */
export class XmlRpcFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlRpcFormatError';
  }
}

const MAX_DEPTH = 256;
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };
// Characters XML 1.0 cannot carry at all, even escaped; matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** `<methodCall>` for `method` with `params`. */
export function encodeMethodCall(method: string, params: readonly unknown[]): string {
  if (!/^[A-Za-z0-9_.:/]+$/.test(method)) throw new XmlRpcFormatError(`"${method}" is not a valid XML-RPC method name.`);
  return `<?xml version="1.0"?>\n<methodCall><methodName>${method}</methodName><params>${params.map((p) => `<param>${encodeValue(p, 0)}</param>`).join('')}</params></methodCall>\n`;
}

/** `<methodResponse>` carrying one value. */
export function encodeMethodResponse(value: unknown): string {
  return `<?xml version="1.0"?>\n<methodResponse><params><param>${encodeValue(value, 0)}</param></params></methodResponse>\n`;
}

/** `<methodResponse>` carrying a fault. */
export function encodeFault(code: number | string, message: string): string {
  return `<?xml version="1.0"?>\n<methodResponse><fault>${encodeValue({ faultCode: code, faultString: message }, 0)}</fault></methodResponse>\n`;
}

/** Encodes one value: null as `<nil/>`, integers as int (i8 beyond 32 bits), Buffers as base64, Dates as dateTime. */
export function encodeValue(value: unknown, depth: number): string {
  if (depth > MAX_DEPTH) throw new XmlRpcFormatError('The value is nested too deeply for XML-RPC.');
  if (value === null || value === undefined) return '<value><nil/></value>';
  if (typeof value === 'boolean') return `<value><boolean>${value ? 1 : 0}</boolean></value>`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new XmlRpcFormatError(`${value} cannot be sent over XML-RPC.`);
    if (Number.isInteger(value))
      return value >= INT32.min && value <= INT32.max ? `<value><int>${value}</int></value>` : `<value><i8>${value}</i8></value>`;
    return `<value><double>${value}</double></value>`;
  }
  if (typeof value === 'string') return `<value><string>${escapeText(value)}</string></value>`;
  if (value instanceof Uint8Array) return `<value><base64>${Buffer.from(value).toString('base64')}</base64></value>`;
  if (value instanceof Date) return `<value><dateTime.iso8601>${xmlRpcDate(value)}</dateTime.iso8601></value>`;
  if (Array.isArray(value))
    return `<value><array><data>${value.map((item) => encodeValue(item, depth + 1)).join('')}</data></array></value>`;
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([name, item]) => `<member><name>${escapeText(name)}</name>${encodeValue(item, depth + 1)}</member>`);
    return `<value><struct>${members.join('')}</struct></value>`;
  }
  throw new XmlRpcFormatError(`A ${typeof value} cannot be sent over XML-RPC.`);
}

/** Decodes a `<methodResponse>`; throws `XmlRpcFormatError` for anything else. */
export function decodeMethodResponse(xml: string): XmlRpcAnswer {
  const root = parseDocument(xml);
  expect(root, 'methodResponse');
  const fault = childNamed(root, 'fault');
  if (fault) {
    const value = decodeValue(onlyChild(fault, 'value'), 0) as Record<string, unknown> | null;
    const code = value?.faultCode;
    const message = value?.faultString;
    if ((typeof code !== 'number' && typeof code !== 'string') || typeof message !== 'string') {
      throw new XmlRpcFormatError('The XML-RPC fault lacks faultCode or faultString.');
    }
    return { kind: 'fault', code, message };
  }
  const params = onlyChild(root, 'params');
  const param = onlyChild(params, 'param');
  return { kind: 'result', value: decodeValue(onlyChild(param, 'value'), 0) };
}

/** Decodes a `<methodCall>` into its method name and parameters. */
export function decodeMethodCall(xml: string): { method: string; params: unknown[] } {
  const root = parseDocument(xml);
  expect(root, 'methodCall');
  const nameElement = childNamed(root, 'methodName');
  if (!nameElement) throw new XmlRpcFormatError('<methodCall> has no <methodName>.');
  const method = textOf(nameElement).trim();
  const params = childNamed(root, 'params');
  return { method, params: params ? elements(params).map((param) => decodeValue(onlyChild(expect(param, 'param'), 'value'), 0)) : [] };
}

type XmlTreeModule = typeof import('./xmlTree');
let xmlTree: XmlTreeModule | undefined;

function parseDocument(xml: string): XmlElement {
  // A bundle of its own in the extension (scripts/build.mjs keeps './xmlTree.js' external), required the first time
  // XML is read, so that start-up never parses saxes.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  xmlTree ??= require('./xmlTree.js') as XmlTreeModule;
  const parsed = xmlTree.parseXmlTree(xml, MAX_DEPTH * 4);
  if ('root' in parsed) return parsed.root;
  switch (parsed.problem) {
    case 'doctype':
      throw new XmlRpcFormatError('The XML answer declares a DTD; documents with a DTD or entity declarations are refused.');
    case 'too-deep':
      throw new XmlRpcFormatError('The XML answer is nested too deeply.');
    case 'empty':
      throw new XmlRpcFormatError('The answer holds no XML element.');
    case 'malformed':
      throw new XmlRpcFormatError(`The answer is not well-formed XML: ${parsed.detail}`);
  }
}

function decodeValue(value: XmlElement, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new XmlRpcFormatError('The XML-RPC value is nested too deeply.');
  if (value.children.every((child) => typeof child === 'string')) return textOf(value);
  const typed = elements(value);
  if (typed.length > 1) throw new XmlRpcFormatError('An XML-RPC <value> holds more than one element.');
  const element = typed[0];
  const text = ['array', 'struct'].includes(element.name) ? '' : textOf(element);
  switch (element.name) {
    case 'int':
    case 'i4':
    case 'i8': {
      const number = Number(text.trim());
      if (!Number.isInteger(number) || text.trim() === '') throw new XmlRpcFormatError(`"${text}" is not an XML-RPC integer.`);
      return number;
    }
    case 'boolean':
      if (text.trim() !== '0' && text.trim() !== '1') throw new XmlRpcFormatError(`"${text}" is not an XML-RPC boolean.`);
      return text.trim() === '1';
    case 'double': {
      const number = Number(text.trim());
      if (Number.isNaN(number) || text.trim() === '') throw new XmlRpcFormatError(`"${text}" is not an XML-RPC double.`);
      return number;
    }
    case 'string':
      return text;
    case 'nil':
      return null;
    case 'dateTime.iso8601':
      return text.trim();
    case 'base64':
      return Buffer.from(text.replace(/\s+/g, ''), 'base64');
    case 'array':
      return elements(onlyChild(element, 'data')).map((item) => decodeValue(expect(item, 'value'), depth + 1));
    case 'struct': {
      const result: Record<string, unknown> = {};
      for (const member of elements(element)) {
        const parts = elements(expect(member, 'member'));
        const nameElement = parts.find((part) => part.name === 'name');
        const valueElement = parts.find((part) => part.name === 'value');
        if (parts.length !== 2 || !nameElement || !valueElement)
          throw new XmlRpcFormatError('A <member> should hold one <name> and one <value>.');
        // A name like __proto__ must stay a plain member, not change the object's prototype.
        Object.defineProperty(result, textOf(nameElement), {
          value: decodeValue(valueElement, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return result;
    }
    default:
      throw new XmlRpcFormatError(`<${element.name}> is not an XML-RPC type.`);
  }
}

function elements(element: XmlElement): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child !== 'string') found.push(child);
    else if (child.trim() !== '') throw new XmlRpcFormatError(`Unexpected text inside <${element.name}>.`);
  }
  return found;
}

function textOf(element: XmlElement): string {
  if (element.children.some((child) => typeof child !== 'string')) throw new XmlRpcFormatError(`<${element.name}> should hold text only.`);
  return element.children.join('');
}

function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return elements(element).find((child) => child.name === name);
}

function onlyChild(element: XmlElement, name: string): XmlElement {
  const children = elements(element);
  if (children.length !== 1 || children[0].name !== name)
    throw new XmlRpcFormatError(`<${element.name}> should hold exactly one <${name}>.`);
  return children[0];
}

function expect(element: XmlElement, name: string): XmlElement {
  if (element.name !== name) throw new XmlRpcFormatError(`Expected <${name}>, found <${element.name}>.`);
  return element;
}

function escapeText(text: string): string {
  if (INVALID_XML_CHARS.test(text)) throw new XmlRpcFormatError('The text holds control characters that XML cannot carry.');
  // A raw carriage return would be read back as a line feed (XML end-of-line handling), so it travels as a reference.
  return escapeMarkupText(text).replace(/\r/g, '&#13;');
}

function xmlRpcDate(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}
