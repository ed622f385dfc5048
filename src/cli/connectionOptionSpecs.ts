// The command-line options that choose a server and its key, as `parseArgs` declares them: shared by the commands that
// reach a server the way `json2 run` does (mcp, types).

/** `--connections FILE`, `--url URL --db NAME [--db-header NAME]`, `--key-file FILE`. */
export const SERVER_CHOICE_OPTIONS = {
  connections: { type: 'string' },
  url: { type: 'string' },
  db: { type: 'string' },
  'db-header': { type: 'string' },
  'key-file': { type: 'string' },
} as const;
