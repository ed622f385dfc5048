// Writes XML-RPC methodResponse documents: a result or a fault. A null anywhere cannot be sent (as the reference
// server marshals without allow_none), so encoding it throws and the caller answers a fault instead.
import { escapeMarkupText } from '../http/markupEscape';

export class XmlRpcEncodeError extends Error {}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function encodeValue(value: unknown, depth: number, out: string[]): void {
  if (depth > 200) throw new XmlRpcEncodeError('the result is nested too deeply');
  if (value === null || value === undefined) throw new XmlRpcEncodeError('cannot marshal None unless allow_none is enabled');
  if (typeof value === 'boolean') out.push(`<value><boolean>${value ? 1 : 0}</boolean></value>`);
  else if (typeof value === 'number') {
    if (Number.isInteger(value)) {
      if (value < INT32_MIN || value > INT32_MAX) throw new XmlRpcEncodeError('int exceeds XML-RPC limits');
      out.push(`<value><int>${value}</int></value>`);
    } else if (Number.isFinite(value)) out.push(`<value><double>${String(value)}</double></value>`);
    else throw new XmlRpcEncodeError(`cannot marshal ${String(value)}`);
  } else if (typeof value === 'string') out.push(`<value><string>${escapeMarkupText(value)}</string></value>`);
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

/** The methodResponse carrying `result`; throws XmlRpcEncodeError when it holds something XML-RPC cannot carry. */
export function encodeResult(result: unknown): string {
  const out = ["<?xml version='1.0'?>\n<methodResponse>\n<params>\n<param>\n"];
  encodeValue(result, 0, out);
  out.push('\n</param>\n</params>\n</methodResponse>\n');
  return out.join('');
}

/** A fault; the code is an integer on /xmlrpc/2 and a string on the older /xmlrpc. */
export function encodeFault(code: number | string, message: string): string {
  const out = ["<?xml version='1.0'?>\n<methodResponse>\n<fault>\n"];
  encodeValue({ faultCode: code, faultString: message }, 0, out);
  out.push('\n</fault>\n</methodResponse>\n');
  return out.join('');
}
