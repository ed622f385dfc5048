// What every collection reader (Postman, Insomnia, Bruno, .http) gives the import: files of requests as the source
// tool wrote them, their variables, and the report the import fills.

/** A header as written in the source tool. */
export interface SourceHeader {
  readonly name: string;
  readonly value: string;
}

/** One request as the source tool holds it: URL and body may hold `{{name}}` variables. */
export interface SourceRequest {
  /** The request's title in the source tool. */
  readonly title: string;
  /** A name other requests refer to (`# @name` of .http files). */
  readonly name?: string;
  /** Where it is, for the report: `Sales/Find partners`. */
  readonly where: string;
  readonly method: string;
  readonly url: string;
  readonly headers: readonly SourceHeader[];
  readonly body?: string;
  /** Comments of the source worth keeping above the request. */
  readonly comments?: readonly string[];
  /** `.json2` metadata the source carries (`prompt`, `confirm`), keyword and value. */
  readonly metadata?: readonly (readonly [keyword: string, value: string])[];
}

/** A variable of a collection, a folder or an environment. */
export interface SourceVariable {
  readonly name: string;
  readonly value: string;
  /** Marked secret by the source tool (Bruno's `vars:secret`, Postman's `secret` type). */
  readonly secret?: boolean;
}

/** One `.json2` file to write: its path (folders and file name, without extension) and requests. */
export interface SourceFile {
  readonly path: readonly string[];
  readonly variables: readonly SourceVariable[];
  readonly requests: readonly SourceRequest[];
  /** File-wide prompts (`name description`). */
  readonly prompts?: readonly string[];
}

/** A `.env` file to write beside the request files (an environment of the source tool). */
export interface SourceEnvironment {
  readonly name: string;
  readonly variables: readonly SourceVariable[];
}

/** One line of the import report: where in the source, and what happened. */
export interface ReportEntry {
  readonly where: string;
  readonly what: string;
}

/** What the import did, by kind. */
export interface ImportReport {
  /** Requests written as JSON-2 calls (from JSON-2 paths or through the migration mapping). */
  readonly converted: ReportEntry[];
  /** Requests written as they were (GET routes). */
  readonly keptAsIs: ReportEntry[];
  /** Requests and settings that were not written, with why. */
  readonly leftOut: ReportEntry[];
  /** Where a secret was found; it was replaced or dropped, never written. */
  readonly secrets: ReportEntry[];
  /** Pre-request and test scripts, which are not converted. */
  readonly scripts: ReportEntry[];
}

/** A collection read by one of the readers. */
export interface SourceCollection {
  /** `Postman collection v2.1`, `Insomnia v4 export`, `Bruno collection`, `.http file`. */
  readonly format: string;
  readonly files: readonly SourceFile[];
  readonly environments: readonly SourceEnvironment[];
  /** What the reader already noted (scripts, secrets of auth settings, items it skipped). */
  readonly report: ImportReport;
  /** Literal secret values the source holds (keys, passwords): the import checks that none is written. */
  readonly secretValues: readonly string[];
}

export function emptyReport(): ImportReport {
  return { converted: [], keptAsIs: [], leftOut: [], secrets: [], scripts: [] };
}

/** The reason a collection cannot be read at all. */
export class CollectionFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CollectionFormatError';
  }
}
