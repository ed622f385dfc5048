// The tree parseRequestFile returns: every part of a .json2 file with its range (docs/format.md).
import type { Node as JsonNode } from 'jsonc-parser';
import type { Diagnostic } from './diagnostics';
import type { PathStep, PlaceholderNode } from './placeholderTypes';
import type { TextPart, TextRange } from './textRange';

/** A `###` line. */
export interface SeparatorNode {
  readonly range: TextRange;
  /** The text after the `#` run, trimmed; absent when empty. */
  readonly title?: TextPart;
}

/** The metadata keywords the language knows. */
export type MetadataKeyword = 'name' | 'connection' | 'confirm' | 'prompt';

/** A `# @keyword value` line. */
export interface MetadataNode {
  readonly range: TextRange;
  /** The keyword without `@` (also for unknown keywords). */
  readonly keyword: TextPart;
  /** The rest of the line, trimmed; absent when empty. */
  readonly value?: TextPart;
  readonly placeholders: readonly PlaceholderNode[];
}

/** A `# @prompt name [description]` line. */
export interface PromptNode {
  readonly range: TextRange;
  readonly name: TextPart;
  readonly description?: TextPart;
  /** True when the name looks secret: the answer is masked and redacted. */
  readonly secret: boolean;
}

/** A `@name = value` line. */
export interface VariableNode {
  readonly range: TextRange;
  readonly name: TextPart;
  /** The value, trimmed (an empty part when there is none). */
  readonly value: TextPart;
  readonly placeholders: readonly PlaceholderNode[];
}

/** A comment line outside bodies. */
export interface CommentNode {
  readonly range: TextRange;
}

/** The HTTP methods a request line may name. Only POST (calls) and GET (routes) are accepted. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** The request line. */
export interface RequestLineNode {
  readonly range: TextRange;
  /** The method as written; absent when omitted. */
  readonly method?: TextPart;
  /** The method the request uses: the written one, else POST for a call and GET for a route. */
  readonly httpMethod: HttpMethod;
  /** The target as written (the word after the method). */
  readonly target: TextPart;
  /** `call`: a JSON-2 model method call; `route`: another server path. */
  readonly kind: 'call' | 'route';
  /** `short`: model/method; `full`: /json/2/model/method; `route`: any other path. */
  readonly form: 'short' | 'full' | 'route';
  /** For calls: the model part as written (it may hold placeholders). */
  readonly model?: TextPart;
  /** For calls: the method-name part as written. */
  readonly methodName?: TextPart;
  /** For routes: the path (with its query string). */
  readonly path?: TextPart;
  readonly placeholders: readonly PlaceholderNode[];
}

/** A `Name: value` line. */
export interface HeaderNode {
  readonly range: TextRange;
  readonly name: TextPart;
  /** The value, trimmed (an empty part when there is none). */
  readonly value: TextPart;
  readonly placeholders: readonly PlaceholderNode[];
}

/** The JSON body of a request. */
export interface BodyNode {
  /** From the first bracket to the end of the body's last line. */
  readonly range: TextRange;
  /** File offset of the body's first character: offsets in `tree` and `maskedText` are relative to it. */
  readonly offset: number;
  /** The body as written. */
  readonly text: string;
  /** The body with placeholders replaced by same-length JSON tokens and `#` lines blanked: what jsonc-parser read. */
  readonly maskedText: string;
  /** jsonc-parser's tree of `maskedText` (offsets relative to `offset`); absent for an empty parse. */
  readonly tree?: JsonNode;
  /** Placeholders outside comments, in order. */
  readonly placeholders: readonly PlaceholderNode[];
  /** True when the first bracket was closed; false when the body ran to the end of its block. */
  readonly closed: boolean;
}

/** The operators of assertions (docs/format.md, section 9). */
export type AssertionOperator = '==' | '!=' | '>' | '>=' | '<' | '<=' | 'contains' | 'exists' | 'matches';

/** What an assertion looks at. */
export type AssertionSubjectRoot = 'status' | 'duration' | 'headers' | 'body';

/** A `?? subject operator expected` line. */
export interface AssertionNode {
  readonly range: TextRange;
  /** The subject as written (for example `body[0].name`). */
  readonly subject: TextPart;
  /** Absent when the subject could not be read. */
  readonly subjectRoot?: AssertionSubjectRoot;
  readonly subjectPath: readonly PathStep[];
  /** Absent when missing or unknown. */
  readonly operator?: TextPart & { readonly value: AssertionOperator };
  /** The expected value as written; absent for `exists`. */
  readonly expected?: TextPart;
  /** For `matches` written as `/pattern/flags`. */
  readonly regex?: { readonly source: string; readonly flags: string };
  /** Placeholders in the expected value (`json-value` or `json-string` context). */
  readonly placeholders: readonly PlaceholderNode[];
  /** True when the line has an error: it is not evaluated. */
  readonly invalid: boolean;
}

/** One request of the file. */
export interface RequestNode {
  /** Position in `RequestFile.requests`. */
  readonly index: number;
  /** The block: from its separator (or first line) to the end of its last non-blank line. */
  readonly range: TextRange;
  readonly separator?: SeparatorNode;
  /** All metadata lines of the block's head, known or not. */
  readonly metadata: readonly MetadataNode[];
  /** `# @name` value. */
  readonly name?: TextPart;
  /** The request's own `# @connection` (placeholders allowed); the file's applies when absent. */
  readonly connection?: MetadataNode;
  /** `# @confirm` line, with its optional message as value. */
  readonly confirm?: MetadataNode;
  /** The request's own prompts. */
  readonly prompts: readonly PromptNode[];
  readonly requestLine: RequestLineNode;
  readonly headers: readonly HeaderNode[];
  readonly body?: BodyNode;
  readonly assertions: readonly AssertionNode[];
  /** Every placeholder of the request (line, headers, metadata, body, assertions), in file order. */
  readonly placeholders: readonly PlaceholderNode[];
}

/** A block of the file (for folding and outlines), with or without a request. */
export interface BlockNode {
  readonly range: TextRange;
  readonly separator?: SeparatorNode;
  /** Index into `RequestFile.requests` when the block holds a request. */
  readonly requestIndex?: number;
}

/** What applies to the whole file. */
export interface FileMetadata {
  /** `# @connection` above the first request. */
  readonly connection?: MetadataNode;
  /** `# @prompt` lines above the first request. */
  readonly prompts: readonly PromptNode[];
}

/** The parsed file. */
export interface RequestFile {
  /** The text that was parsed (the resolver reads values from it). */
  readonly text: string;
  readonly fileMeta: FileMetadata;
  /** File variables in file order (a later definition of a name wins). */
  readonly variables: readonly VariableNode[];
  readonly requests: readonly RequestNode[];
  readonly blocks: readonly BlockNode[];
  readonly comments: readonly CommentNode[];
  readonly diagnostics: readonly Diagnostic[];
  /** Number of lines of the text. */
  readonly lineCount: number;
}
