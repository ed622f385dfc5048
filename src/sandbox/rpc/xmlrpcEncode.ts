// Writes XML-RPC methodResponse documents: a result or a fault. A null anywhere cannot be sent (as the reference
// server marshals without allow_none), so encoding it throws and the caller answers a fault instead. A result is
// written as pieces of about 64 KiB, never as one string (a large read's document is several times its JSON).
import type { JsonAnswer } from '../http/jsonAnswer';
import { escapeMarkupText } from '../http/markupEscape';
import { pythonFloatText, WholeFloat } from '../orm/pythonFloat';

export class XmlRpcEncodeError extends Error {}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

/** Where encodeValue writes: an array of strings, or the pieces of a large document. */
interface Output {
  push(text: string): void;
}

function encodeValue(value: unknown, depth: number, out: Output): void {
  if (depth > 200) throw new XmlRpcEncodeError('the result is nested too deeply');
  if (value === null || value === undefined) throw new XmlRpcEncodeError('cannot marshal None unless allow_none is enabled');
  if (typeof value === 'boolean') out.push(`<value><boolean>${value ? 1 : 0}</boolean></value>`);
  else if (typeof value === 'number') {
    if (Number.isInteger(value)) {
      if (value < INT32_MIN || value > INT32_MAX) throw new XmlRpcEncodeError('int exceeds XML-RPC limits');
      out.push(`<value><int>${value}</int></value>`);
    } else if (Number.isFinite(value)) out.push(`<value><double>${String(value)}</double></value>`);
    else throw new XmlRpcEncodeError(`cannot marshal ${String(value)}`);
  } else if (value instanceof WholeFloat) out.push(`<value><double>${pythonFloatText(value.value)}</double></value>`);
  else if (typeof value === 'string') out.push(`<value><string>${escapeMarkupText(value)}</string></value>`);
  else if (Buffer.isBuffer(value)) out.push(`<value><base64>${value.toString('base64')}</base64></value>`);
  else if (Array.isArray(value)) {
    out.push('<value><array><data>\n');
    for (const item of value) {
      encodeValue(item, depth + 1, out);
      out.push('\n');
    }
    out.push('</data></array></value>');
  } else if (typeof value === 'object') {
    out.push('<value><struct>\n');
    for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
      out.push(`<member>\n<name>${escapeMarkupText(name)}</name>\n`);
      encodeValue(member, depth + 1, out);
      out.push('\n</member>\n');
    }
    out.push('</struct></value>');
  } else throw new XmlRpcEncodeError(`cannot marshal ${typeof value} objects`);
}

const PIECE_CHARS = 64 * 1024;

/** Small strings gathered into pieces of about PIECE_CHARS characters, with their size in UTF-8. */
class Pieces implements Output {
  readonly pieces: string[] = [];
  bytes = 0;
  private current = '';

  push(text: string): void {
    this.current += text;
    if (this.current.length >= PIECE_CHARS) this.flush();
  }

  flush(): void {
    if (this.current === '') return;
    this.bytes += Buffer.byteLength(this.current);
    this.pieces.push(this.current);
    this.current = '';
  }
}

/**
 * The methodResponse carrying `result`, in pieces; throws XmlRpcEncodeError when it holds something XML-RPC cannot
 * carry.
 */
export function encodeResult(result: unknown): JsonAnswer {
  const out = new Pieces();
  out.push("<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n");
  encodeValue(result, 0, out);
  out.push('\n</param>\n</params>\n</methodResponse>\n');
  out.flush();
  return { pieces: out.pieces, bytes: out.bytes };
}

/** A fault; the code is an integer on /xmlrpc/2 and a string on the older /xmlrpc. */
export function encodeFault(code: number | string, message: string): string {
  const out = ["<?xml version='1.0'?>\n<methodResponse>\n<fault>\n"];
  encodeValue({ faultCode: code, faultString: message }, 0, out);
  out.push('\n</fault>\n</methodResponse>\n');
  return out.join('');
}
