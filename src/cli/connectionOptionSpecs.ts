// The command-line options that choose a server and its key, as `parseArgs` declares them: shared by the commands that
// reach a server the way `json2 run` does (mcp, types, whoami).

/** `--connections FILE`, `--url URL --db NAME [--db-header NAME]`, `--key-file FILE`. */
export const SERVER_CHOICE_OPTIONS = {
  connections: { type: 'string' },
  url: { type: 'string' },
  db: { type: 'string' },
  'db-header': { type: 'string' },
  'key-file': { type: 'string' },
} as const;

/** The server a command was told to use, as the commands keep it. */
export interface ServerChoice {
  readonly connectionsFile?: string;
  readonly url?: string;
  readonly database?: string;
  /** `--db-header NAME`: the one header naming the database (with --url). */
  readonly databaseHeader?: string;
  readonly keyFile?: string;
}

/** The values `parseArgs` read for SERVER_CHOICE_OPTIONS, with the ones not given left out. */
export function serverChoiceOf(values: { [Name in keyof typeof SERVER_CHOICE_OPTIONS]?: string }): ServerChoice {
  return {
    ...(values.connections !== undefined ? { connectionsFile: values.connections } : {}),
    ...(values.url !== undefined ? { url: values.url } : {}),
    ...(values.db !== undefined ? { database: values.db } : {}),
    ...(values['db-header'] !== undefined ? { databaseHeader: values['db-header'] } : {}),
    ...(values['key-file'] !== undefined ? { keyFile: values['key-file'] } : {}),
  };
}
