// An XML document as a tree of elements and text, on the strict saxes parser; documents with a DTD are refused. The
// entry of dist/xmlTree.js, which xmlRpcCodec.ts requires the first time XML is read, so that the extension's start
// never parses saxes. It throws nothing of its own kind (a lazily loaded bundle has its own copy of every class):
// problems come back as values.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  readonly name: string;
  readonly children: Array<XmlElement | string>;
}

export type XmlTreeResult =
  | { readonly root: XmlElement }
  | { readonly problem: 'doctype' | 'too-deep' | 'empty' }
  | { readonly problem: 'malformed'; readonly detail: string };

class Refused {
  constructor(readonly problem: 'doctype' | 'too-deep') {}
}

/** Parses `xml`; elements are named without their namespace prefix. */
export function parseXmlTree(xml: string, maxDepth: number): XmlTreeResult {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('doctype', () => {
    throw new Refused('doctype');
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= maxDepth) throw new Refused('too-deep');
    const element: XmlElement = { name: localName(tag.name), children: [] };
    if (stack.length === 0) root = element;
    else stack[stack.length - 1].children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const onText = (text: string): void => {
    if (stack.length > 0) stack[stack.length - 1].children.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof Refused) return { problem: error.problem };
    return { problem: 'malformed', detail: (error as Error).message };
  }
  return root ? { root } : { problem: 'empty' };
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
