// One block of a .json2 file while it is being read: collects its parts, checks them together and builds its request.
import { errorAt, warningAt, type Diagnostic } from './diagnostics';
import { isValidName } from './placeholderExpression';
import type { PlaceholderNode } from './placeholderTypes';
import { readPrompt } from './readSimpleLines';
import type {
  AssertionNode,
  BlockNode,
  BodyNode,
  HeaderNode,
  MetadataNode,
  PromptNode,
  RequestLineNode,
  RequestNode,
  SeparatorNode,
} from './requestFileTypes';
import type { LineIndex, TextPart } from './textRange';

/** Where a block is in its fixed order of parts (docs/format.md, section 2). */
export type BlockPhase = 'head' | 'headers' | 'afterBody' | 'assertions';

const knownKeywords = new Set(['name', 'connection', 'confirm', 'prompt']);

/** The parts of one block gathered line by line. */
export class BlockDraft {
  phase: BlockPhase = 'head';
  requestLine?: RequestLineNode;
  body?: BodyNode;
  readonly metadata: MetadataNode[] = [];
  readonly headers: HeaderNode[] = [];
  readonly assertions: AssertionNode[] = [];
  /** Offsets of the first and last non-blank text of the block (-1 while it has none). */
  contentStart = -1;
  contentEnd = -1;

  constructor(
    /** True for the block before the first separator, whose head also holds the file's metadata. */
    readonly isFirst: boolean,
    readonly separator?: SeparatorNode,
  ) {
    if (separator) {
      this.contentStart = separator.range.startOffset;
      this.contentEnd = separator.range.endOffset;
    }
  }

  /** Notes that non-blank text of the block spans `start` to `end`. */
  touch(start: number, end: number): void {
    if (this.contentStart < 0) this.contentStart = start;
    this.contentEnd = Math.max(this.contentEnd, end);
  }
}

/** What the file collects from block heads: its own @connection and @prompt lines. */
export interface FileMetadataDraft {
  connection?: MetadataNode;
  readonly prompts: PromptNode[];
}

/** The request's share of a block's metadata once checked. */
interface RequestMetadata {
  name?: TextPart;
  connection?: MetadataNode;
  confirm?: MetadataNode;
  prompts: PromptNode[];
}

/**
 * Sorts a block's metadata lines into the file's (block 0's @connection and @prompt above its request) and the
 * request's, and reports unknown keywords, bad values and duplicates.
 */
function sortMetadata(lines: LineIndex, draft: BlockDraft, file: FileMetadataDraft, diagnostics: Diagnostic[]): RequestMetadata {
  const own: RequestMetadata = { prompts: [] };
  for (const line of draft.metadata) {
    const keyword = line.keyword.text;
    if (!knownKeywords.has(keyword)) {
      diagnostics.push(
        warningAt(
          line.keyword.range,
          'unknown-metadata',
          `Unknown metadata @${keyword}; known: @name, @connection, @confirm, @prompt (write "# text" for a plain comment)`,
        ),
      );
      continue;
    }
    if (!draft.requestLine && !(draft.isFirst && (keyword === 'connection' || keyword === 'prompt'))) {
      diagnostics.push(warningAt(line.range, 'metadata-without-request', `@${keyword} has no request to apply to in this block`));
    }
    const fileWide = draft.isFirst && (keyword === 'connection' || keyword === 'prompt');
    if (keyword === 'name') {
      const value = line.value;
      if (!value || !isValidName(value.text)) {
        diagnostics.push(
          errorAt(
            value ? value.range : line.range,
            'invalid-metadata',
            '@name needs one name: a letter or _, then letters, digits, _ or -',
          ),
        );
      } else if (own.name) {
        diagnostics.push(errorAt(line.range, 'duplicate-metadata', `This request is already named ${own.name.text}`));
      } else own.name = value;
    } else if (keyword === 'connection') {
      const target = fileWide ? file : own;
      if (!line.value) diagnostics.push(errorAt(line.range, 'invalid-metadata', '@connection needs the name of a saved connection'));
      else if (target.connection)
        diagnostics.push(
          errorAt(line.range, 'duplicate-metadata', `@connection is already given on line ${target.connection.range.start.line + 1}`),
        );
      else target.connection = line;
    } else if (keyword === 'confirm') {
      if (own.confirm) diagnostics.push(warningAt(line.range, 'duplicate-metadata', '@confirm is already given for this request'));
      else own.confirm = line;
    } else {
      const prompt = readPrompt(lines, line, diagnostics);
      if (!prompt) continue;
      const list = fileWide ? file.prompts : own.prompts;
      if (list.some((known) => known.name.text === prompt.name.text))
        diagnostics.push(warningAt(line.range, 'duplicate-metadata', `${prompt.name.text} is already prompted for`));
      else list.push(prompt);
    }
  }
  return own;
}

/** Reports a header given twice (names compared without case). */
function checkHeaders(headers: readonly HeaderNode[], diagnostics: Diagnostic[]): void {
  const seen = new Set<string>();
  for (const header of headers) {
    const key = header.name.text.toLowerCase();
    if (seen.has(key)) diagnostics.push(warningAt(header.name.range, 'duplicate-header', `${header.name.text} is given twice`));
    seen.add(key);
  }
}

/**
 * Closes a block: checks its metadata and headers, and builds its request (when it has a request line) and its
 * block node (when it has any text).
 */
export function finishBlock(
  lines: LineIndex,
  draft: BlockDraft,
  requestIndex: number,
  file: FileMetadataDraft,
  diagnostics: Diagnostic[],
): { request?: RequestNode; block?: BlockNode } {
  const meta = sortMetadata(lines, draft, file, diagnostics);
  checkHeaders(draft.headers, diagnostics);
  if (draft.contentStart < 0) return {};
  const range = lines.range(draft.contentStart, draft.contentEnd);
  const separator = draft.separator ? { separator: draft.separator } : {};
  if (!draft.requestLine) return { block: { range, ...separator } };
  const placeholders: PlaceholderNode[] = [
    ...(meta.connection?.placeholders ?? []),
    ...(meta.confirm?.placeholders ?? []),
    ...draft.requestLine.placeholders,
    ...draft.headers.flatMap((header) => header.placeholders),
    ...(draft.body?.placeholders ?? []),
    ...draft.assertions.flatMap((assertion) => assertion.placeholders),
  ].sort((a, b) => a.range.startOffset - b.range.startOffset);
  const request: RequestNode = {
    index: requestIndex,
    range,
    ...separator,
    metadata: draft.metadata,
    ...(meta.name ? { name: meta.name } : {}),
    ...(meta.connection ? { connection: meta.connection } : {}),
    ...(meta.confirm ? { confirm: meta.confirm } : {}),
    prompts: meta.prompts,
    requestLine: draft.requestLine,
    headers: draft.headers,
    ...(draft.body ? { body: draft.body } : {}),
    assertions: draft.assertions,
    placeholders,
  };
  return { request, block: { range, ...separator, requestIndex } };
}
