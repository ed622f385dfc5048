// Questions editors ask about a parsed file at an offset: which request, which placeholder, where inside the JSON body.
import { findNodeAtOffset, getLocation, type Location, type Node as JsonNode } from 'jsonc-parser';
import type { PlaceholderNode } from './placeholderTypes';
import type { BodyNode, RequestFile, RequestNode } from './requestFileTypes';

/** The request whose block contains a file offset (its end included), if any. */
export function requestAt(file: RequestFile, offset: number): RequestNode | undefined {
  let low = 0;
  let high = file.requests.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const range = file.requests[middle].range;
    if (offset < range.startOffset) high = middle - 1;
    else if (offset > range.endOffset) low = middle + 1;
    else return file.requests[middle];
  }
  return undefined;
}

/** The placeholder of a request, or of a file variable, that contains a file offset (between `{{` and `}}` included). */
export function placeholderAt(file: RequestFile, offset: number): PlaceholderNode | undefined {
  const inRange = (placeholder: PlaceholderNode) => placeholder.range.startOffset <= offset && offset <= placeholder.range.endOffset;
  const request = requestAt(file, offset);
  return (
    request?.placeholders.find(inRange) ??
    file.variables
      .find((variable) => variable.range.startOffset <= offset && offset <= variable.range.endOffset)
      ?.placeholders.find(inRange)
  );
}

/** True when a file offset lies within a request's body (its first bracket to the end of its last line). */
export function isInBody(body: BodyNode, offset: number): boolean {
  return offset >= body.offset && offset <= body.range.endOffset;
}

/**
 * Where a file offset stands inside a body, as jsonc-parser's `getLocation` says it (the JSON path, whether a
 * property key is being written, the previous node). Placeholders read as strings here; ask placeholderAt first.
 */
export function bodyLocationAt(body: BodyNode, offset: number): Location | undefined {
  if (!isInBody(body, offset)) return undefined;
  return getLocation(body.maskedText, offset - body.offset);
}

/** The innermost JSON node of a body at a file offset (offsets in the node are relative to `body.offset`). */
export function bodyNodeAt(body: BodyNode, offset: number): JsonNode | undefined {
  if (!body.tree || !isInBody(body, offset)) return undefined;
  return findNodeAtOffset(body.tree, offset - body.offset, true);
}
