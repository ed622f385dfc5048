// Parses an XML-RPC methodCall with saxes: no DTD, no entity other than XML's five, so nothing can expand or load.
import { SaxesParser } from 'saxes';

export class XmlRpcParseError extends Error {}

export interface XmlRpcCall {
  method: string;
  params: unknown[];
}

interface Frame {
  tag: string;
  text: string;
  /** Values collected inside an <array> <data>, or members inside a <struct>. */
  items?: unknown[];
  members?: Record<string, unknown>;
  memberName?: string;
  value?: unknown;
  hasValue?: boolean;
}

const MAX_DEPTH = 200;

function scalar(tag: string, text: string): unknown {
  switch (tag) {
    case 'int':
    case 'i4':
    case 'i8': {
      if (!/^\s*[+-]?\d+\s*$/.test(text)) throw new XmlRpcParseError(`bad integer '${text}'`);
      const number = Number(text.trim());
      if (!Number.isSafeInteger(number)) throw new XmlRpcParseError(`integer out of range '${text}'`);
      return number;
    }
    case 'boolean':
      if (text.trim() === '1') return true;
      if (text.trim() === '0') return false;
      throw new XmlRpcParseError(`bad boolean '${text}'`);
    case 'double': {
      const number = Number(text.trim());
      if (text.trim() === '' || Number.isNaN(number)) throw new XmlRpcParseError(`bad double '${text}'`);
      return number;
    }
    case 'string':
      return text;
    case 'dateTime.iso8601': {
      // The server decodes it as a datetime (xmlrpc.client.loads with use_datetime=True), which the ORM reads as
      // "YYYY-MM-DD HH:MM:SS": the sandbox gives that string.
      const parts = /^\s*(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})/.exec(text);
      if (!parts) throw new XmlRpcParseError(`bad dateTime.iso8601 '${text}'`);
      return `${parts[1]}-${parts[2]}-${parts[3]} ${parts[4]}:${parts[5]}:${parts[6]}`;
    }
    case 'base64':
      return Buffer.from(text.replace(/\s+/g, ''), 'base64');
    case 'nil':
      return null;
    default:
      throw new XmlRpcParseError(`unknown XML-RPC type <${tag}>`);
  }
}

/** Decodes a methodCall document; throws XmlRpcParseError on anything unexpected (DTDs included). */
export function decodeMethodCall(xml: string): XmlRpcCall {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: Frame[] = [];
  let method: string | null = null;
  const params: unknown[] = [];
  let failure: Error | null = null;
  const fail = (message: string) => {
    throw new XmlRpcParseError(message);
  };
  const top = () => stack[stack.length - 1];

  parser.on('doctype', () => fail('DTDs and entity declarations are not accepted'));
  parser.on('processinginstruction', () => fail('processing instructions are not accepted'));
  parser.on('error', (error) => {
    failure ??= new XmlRpcParseError(error.message);
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH) fail('the document is nested too deeply');
    if (stack.length === 0 && tag.name !== 'methodCall') fail(`expected <methodCall>, got <${tag.name}>`);
    const frame: Frame = { tag: tag.name, text: '' };
    if (tag.name === 'data') frame.items = [];
    if (tag.name === 'struct') frame.members = Object.create(null) as Record<string, unknown>;
    stack.push(frame);
  });
  parser.on('text', (text) => {
    const frame = top();
    if (frame) frame.text += text;
  });
  parser.on('cdata', (text) => {
    const frame = top();
    if (frame) frame.text += text;
  });
  parser.on('closetag', (tag) => {
    const frame = stack.pop() as Frame;
    const parent = top();
    let produced: unknown;
    let produces = false;
    switch (tag.name) {
      case 'methodCall':
      case 'params':
      case 'param':
      case 'member':
      case 'array':
        if (tag.name === 'member' && parent?.members && frame.memberName !== undefined) parent.members[frame.memberName] = frame.value;
        if (tag.name === 'param') params.push(frame.value);
        if (tag.name === 'array') {
          produced = frame.value ?? [];
          produces = true;
        }
        break;
      case 'methodName':
        method = frame.text.trim();
        break;
      case 'name':
        if (parent) parent.memberName = frame.text;
        break;
      case 'data':
        produced = frame.items;
        produces = true;
        break;
      case 'struct':
        produced = frame.members;
        produces = true;
        break;
      case 'value':
        produced = frame.hasValue ? frame.value : frame.text;
        if (parent?.items) parent.items.push(produced);
        else if (parent) {
          parent.value = produced;
          parent.hasValue = true;
        }
        return;
      default:
        produced = scalar(tag.name, frame.text);
        produces = true;
    }
    if (produces && parent) {
      parent.value = produced;
      parent.hasValue = true;
    }
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw error instanceof XmlRpcParseError ? error : new XmlRpcParseError(error instanceof Error ? error.message : String(error));
  }
  if (failure) throw failure as Error;
  if (method === null || method === '') throw new XmlRpcParseError('the methodCall has no methodName');
  return { method, params };
}
