// Signature help inside a call's body: the method's arguments, the one at the cursor highlighted.
import { getLocation } from 'jsonc-parser';
import { requestAt, type RequestFile } from '../requestFile';
import { methodOf, signatureLabel } from './argumentSnippets';
import type { SchemaSource, SignatureAnswer } from './languageTypes';
import { docstringMarkdown } from '../untrustedText/docstringMarkdown';

/** The signature of the call whose body holds the offset; undefined outside bodies or for unknown methods. */
export async function signatureAt(
  file: RequestFile,
  offset: number,
  source: SchemaSource,
  signal?: AbortSignal,
): Promise<SignatureAnswer | undefined> {
  const request = requestAt(file, offset);
  const line = request?.requestLine;
  const body = request?.body;
  if (!line || line.kind !== 'call' || !line.model || !line.methodName || !body || offset <= body.offset || offset > body.range.endOffset)
    return undefined;
  const { method } = await methodOf(source, line.model.text, line.methodName.text, signal);
  if (!method) return undefined;
  const { label, parameters } = signatureLabel(method);
  const location = getLocation(body.maskedText, offset - body.offset);
  const argument = location.path[0];
  return {
    label,
    parameters,
    activeParameter: typeof argument === 'string' ? parameters.findIndex((parameter) => parameter.name === argument) : -1,
    ...(method.doc ? { documentation: docstringMarkdown(method.doc) } : {}),
  };
}
