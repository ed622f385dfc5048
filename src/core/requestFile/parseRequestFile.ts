// Parses a .json2 file into a tree with a range for every part and a list of diagnostics (docs/format.md).
import { BlockDraft, finishBlock, type FileMetadataDraft } from './blockDraft';
import { dependencyCycles } from './dependencyOrder';
import { errorAt, warningAt, type Diagnostic } from './diagnostics';
import { readAssertion } from './readAssertion';
import { readBody } from './readBody';
import { isRequestLine, readRequestLine, startsWithExplicitMethod, startsWithLowercaseMethod } from './readRequestLine';
import { isHeaderLine, metadataAt, readHeader, readMetadata, readVariableDefinition, trimmedSpan } from './readSimpleLines';
import type { BlockNode, CommentNode, RequestFile, RequestNode, SeparatorNode, VariableNode } from './requestFileTypes';
import { LineIndex } from './textRange';

/** Reads a `###` line: its title is what follows the run of `#`, trimmed. */
function readSeparator(lines: LineIndex, start: number, end: number): SeparatorNode {
  const text = lines.text;
  let titleStart = start;
  while (titleStart < end && text.charCodeAt(titleStart) === 35) titleStart++;
  const title = trimmedSpan(text, titleStart, end);
  return { range: lines.range(start, end), ...(title.end > title.start ? { title: lines.part(title.start, title.end) } : {}) };
}

/**
 * Parses the text of a .json2 file. Never throws; runs in time linear in the length of the text. Every part of
 * the tree carries its range; every problem is a diagnostic with a range, a severity and a code.
 */
export function parseRequestFile(text: string): RequestFile {
  const lines = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const fileMeta: FileMetadataDraft = { prompts: [] };
  const variables: VariableNode[] = [];
  const requests: RequestNode[] = [];
  const blocks: BlockNode[] = [];
  const comments: CommentNode[] = [];
  let draft = new BlockDraft(true);

  const closeBlock = () => {
    const finished = finishBlock(lines, draft, requests.length, fileMeta, diagnostics);
    if (finished.request) requests.push(finished.request);
    if (finished.block) blocks.push(finished.block);
  };

  let line = 0;
  while (line < lines.lines.length) {
    const span = lines.lines[line];
    const { start, end } = trimmedSpan(text, span.start, span.end);
    if (start === end) {
      line++;
      continue;
    }
    const here = lines.range(start, end);
    if (text.startsWith('###', start)) {
      closeBlock();
      draft = new BlockDraft(false, readSeparator(lines, start, end));
      line++;
      continue;
    }
    if (draft.phase !== 'head' && !text.startsWith('??', start) && startsWithExplicitMethod(text, start, end)) {
      diagnostics.push(errorAt(here, 'missing-separator', 'A block holds one request: add a ### line above this one'));
      closeBlock();
      draft = new BlockDraft(false);
      continue; // read this line again as the new block's request line
    }
    draft.touch(start, end);
    if (text.startsWith('??', start)) {
      if (!draft.requestLine) diagnostics.push(errorAt(here, 'assertion-without-request', 'An assertion (??) comes after a request line'));
      else {
        draft.assertions.push(readAssertion(lines, line, diagnostics));
        draft.phase = 'assertions';
      }
    } else if (metadataAt(text, start, end) >= 0) {
      const metadata = readMetadata(lines, line, metadataAt(text, start, end), diagnostics);
      if (metadata && draft.phase === 'head') draft.metadata.push(metadata);
      else if (metadata)
        diagnostics.push(errorAt(here, 'metadata-after-request-line', `@${metadata.keyword.text} belongs above the request line`));
    } else if (text.charCodeAt(start) === 35 || text.startsWith('//', start)) {
      comments.push({ range: here });
    } else if (text.charCodeAt(start) === 64 /* @ */) {
      const variable = readVariableDefinition(lines, line, diagnostics);
      if (variable) variables.push(variable);
    } else if (draft.phase === 'head') {
      readHeadLine(lines, draft, line, start, end, diagnostics);
    } else if (text.charCodeAt(start) === 91 || text.charCodeAt(start) === 123) {
      const { body, nextLine } = readBody(lines, line, start, draft.phase === 'headers' ? diagnostics : []);
      draft.touch(start, body.range.endOffset);
      if (draft.phase === 'headers') {
        draft.body = body;
        draft.phase = 'afterBody';
        checkBodyShape(draft, diagnostics);
      } else {
        diagnostics.push(
          errorAt(body.range, 'duplicate-body', draft.body ? 'A request has one body' : 'A body comes before the assertions'),
        );
      }
      line = nextLine;
      continue;
    } else if (isHeaderLine(text, start, end)) {
      if (draft.phase === 'headers') draft.headers.push(readHeader(lines, line, diagnostics));
      else diagnostics.push(errorAt(here, 'header-after-body', 'Headers come between the request line and the body'));
    } else {
      const expected =
        draft.phase === 'headers'
          ? 'a header (Name: value), a JSON body starting with { or [, or an assertion (??)'
          : 'an assertion (??), a comment or a variable';
      diagnostics.push(errorAt(here, 'unexpected-line', `Expected ${expected}`));
    }
    line++;
  }
  closeBlock();

  const file: RequestFile = {
    text,
    fileMeta: { ...(fileMeta.connection ? { connection: fileMeta.connection } : {}), prompts: fileMeta.prompts },
    variables,
    requests,
    blocks,
    comments,
    diagnostics,
    lineCount: lines.lines.length,
  };
  checkNames(file, diagnostics);
  diagnostics.push(...dependencyCycles(file));
  diagnostics.sort((a, b) => a.range.startOffset - b.range.startOffset);
  return file;
}

/** A line of a block's head that is not a comment, metadata or variable: the request line, or an error. */
function readHeadLine(lines: LineIndex, draft: BlockDraft, line: number, start: number, end: number, diagnostics: Diagnostic[]): void {
  const text = lines.text;
  const here = lines.range(start, end);
  const first = text.charCodeAt(start);
  if (first === 91 || (first === 123 && text.charCodeAt(start + 1) !== 123)) {
    diagnostics.push(errorAt(here, 'unexpected-line', 'A body comes after a request line (POST model/method)'));
  } else if (isRequestLine(text, start, end)) {
    draft.requestLine = readRequestLine(lines, line, diagnostics);
    draft.phase = 'headers';
  } else if (startsWithLowercaseMethod(text, start, end)) {
    diagnostics.push(errorAt(here, 'lowercase-method', 'HTTP methods are written in capitals: POST, GET'));
  } else if (isHeaderLine(text, start, end)) {
    diagnostics.push(errorAt(here, 'unexpected-line', 'Headers come after the request line'));
  } else {
    diagnostics.push(
      errorAt(here, 'unexpected-line', 'Expected a request line (POST model/method or GET /route), a comment, metadata or a variable'),
    );
  }
}

/** A call's body must be an object; a route has no body. */
function checkBodyShape(draft: BlockDraft, diagnostics: Diagnostic[]): void {
  const body = draft.body;
  if (!body || !draft.requestLine) return;
  if (draft.requestLine.kind === 'route') {
    diagnostics.push(errorAt(body.range, 'body-not-allowed', `A ${draft.requestLine.httpMethod} route has no body`));
    return;
  }
  const tree = body.tree;
  if (!tree || tree.type === 'object') return;
  const standsForPlaceholder = body.placeholders.some(
    (p) => p.context === 'json-value' && p.range.startOffset === body.offset + tree.offset,
  );
  if (!standsForPlaceholder)
    diagnostics.push(
      errorAt(body.range, 'body-not-object', 'The body of a JSON-2 call is an object of named arguments ({ "domain": [...] })'),
    );
}

/** Reports request names used twice, variables defined twice and references to names no request carries. */
function checkNames(file: RequestFile, diagnostics: Diagnostic[]): void {
  const names = new Map<string, RequestNode>();
  for (const request of file.requests) {
    if (!request.name) continue;
    const earlier = names.get(request.name.text);
    if (earlier)
      diagnostics.push(
        errorAt(
          request.name.range,
          'duplicate-request-name',
          `Another request is already named ${request.name.text} (line ${(earlier.name?.range.start.line ?? 0) + 1})`,
        ),
      );
    else names.set(request.name.text, request);
  }
  const defined = new Map<string, VariableNode>();
  for (const variable of file.variables) {
    const earlier = defined.get(variable.name.text);
    if (earlier)
      diagnostics.push(
        warningAt(
          variable.name.range,
          'duplicate-variable',
          `${variable.name.text} is already defined on line ${earlier.range.start.line + 1}; this later definition wins`,
        ),
      );
    defined.set(variable.name.text, variable);
  }
  const placeholders = [
    ...file.requests.flatMap((request) => request.placeholders),
    ...file.variables.flatMap((variable) => variable.placeholders),
  ];
  for (const placeholder of placeholders) {
    const expression = placeholder.expression;
    if (expression.kind === 'response' && !names.has(expression.requestName.text)) {
      diagnostics.push(
        errorAt(
          expression.requestName.range,
          'unknown-request',
          `No request of this file is named ${expression.requestName.text} (name one with # @name ${expression.requestName.text})`,
        ),
      );
    }
  }
}
