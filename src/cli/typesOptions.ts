// Reads the words after `json2 types` into checked options (node's util.parseArgs); keys are never among them.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TYPE_LANGUAGES, type TypeLanguage } from '../core/typegen/generatedHeader';
import { MODEL_NAME_PATTERN } from '../core/requestFile/modelName';
import { SERVER_CHOICE_OPTIONS, type ServerChoice, serverChoiceOf } from './connectionOptionSpecs';

export const TYPES_USAGE = `Usage: json2 types --models MODEL,... [--lang ts|python] [--out FILE] [--depth N] [--client] [connection]
       json2 types --from-project [DIR] [--models MODEL,...] [--lang ts|python] [--out FILE] [--depth N] [connection]
       json2 types --check FILE [connection]

Generates the types of a database's models and methods from its live schema (the schema documents, else ir.model
and fields_get): per model a read type, a write type, a field-name union, typed domain conditions and each public
method's named arguments and result. TypeScript (with --client, a small fetch-based client whose call() the types
check) or Python (TypedDicts, Literal selections and typed method stubs over a requests client). The file's header
names the server, database, release and date, and it ends with a summary of the schema it was made from.

Options:
  --models LIST         the models to describe, comma-separated (res.partner,sale.order)
  --from-project [DIR]  describe the models the project in DIR (default: the current folder) uses: the calls of
                        its .json2 request files, the models of the deprecated RPC calls json2 migrate finds in
                        its Python, JS/TS and PHP code, and JSON-2 URLs written in that code (.gitignore honoured,
                        dependencies skipped); with --models, those are added; models the database lacks are left
                        out with a warning
  --depth N             also describe the models their relations reach, N steps away (default 0: the chosen ones)
  --lang LANG           ts or python (default: python when --out ends in .py, else ts)
  --out FILE            write the file there (default: standard output)
  --client              TypeScript: end the file with the typed fetch client
  --check FILE          compare FILE, written by json2 types, with the live schema: exit 1 and list what changed
                        (a model or field removed or added, a type, relation, required flag or selection value
                        changed, a method's arguments changed); for CI
  --connection NAME     the saved connection to read (default: the only one)
  --connections FILE    read saved connections from FILE instead of .vscode/settings.json
  --url URL             a server not saved anywhere, with --db DB for its database
  --db DB               the database, with --url
  --db-header NAME      with --url: send the database in this header only
  --key-file FILE       read the API key (or the password) from FILE (first line)
  -h, --help            show this help

The API key comes from JSON2_API_KEY_<CONNECTION NAME>, JSON2_API_KEY or --key-file, never from an argument, and is
never written to the generated file.

Exit codes: 0 written (--check: up to date), 1 the schema changed (--check), 2 bad usage, an unknown model or a file
json2 types did not write, 3 the server could not be read.`;

/** Bad usage: printed with the usage; the command exits with 2. */
export class TypesUsageError extends Error {}

interface ConnectionChoice extends ServerChoice {
  readonly connection?: string;
}

export type TypesOptions = ConnectionChoice &
  (
    | {
        readonly action: 'generate';
        readonly lang: TypeLanguage;
        readonly models: readonly string[];
        /** Also the models the project in this folder uses. */
        readonly fromProject?: string;
        readonly depth: number;
        readonly client: boolean;
        readonly out?: string;
      }
    | { readonly action: 'check'; readonly file: string }
  );

/** Parses `json2 types` arguments; 'help' for --help; throws TypesUsageError on anything wrong. */
export function parseTypesOptions(argv: readonly string[]): TypesOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: withProjectFolder(argv),
      strict: true,
      allowPositionals: false,
      options: {
        models: { type: 'string' },
        depth: { type: 'string' },
        lang: { type: 'string' },
        out: { type: 'string' },
        client: { type: 'boolean' },
        check: { type: 'string' },
        'from-project': { type: 'string' },
        connection: { type: 'string' },
        ...SERVER_CHOICE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new TypesUsageError((error as Error).message);
  }
  if (values.help) return 'help';
  const connection: ConnectionChoice = {
    ...(values.connection !== undefined ? { connection: values.connection } : {}),
    ...serverChoiceOf(values),
  };
  if (values.url !== undefined && values.connection !== undefined) throw new TypesUsageError('give either --connection or --url, not both');
  if (values.db !== undefined && values.url === undefined)
    throw new TypesUsageError('--db goes with --url (a saved connection names its own database)');
  if (values.check !== undefined) {
    for (const option of ['models', 'from-project', 'depth', 'lang', 'out', 'client'] as const)
      if (values[option] !== undefined)
        throw new TypesUsageError(`--${option} does not go with --check: the file's header says how it was generated`);
    return { action: 'check', file: values.check, ...connection };
  }
  const models = (values.models ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter((model) => model !== '');
  const fromProject = values['from-project'];
  if (models.length === 0 && fromProject === undefined)
    throw new TypesUsageError('say which models with --models res.partner,sale.order or --from-project [DIR] (or --check FILE)');
  const badName = models.find((model) => !MODEL_NAME_PATTERN.test(model));
  if (badName !== undefined) throw new TypesUsageError(`'${badName}' is not a model name (letters, digits, '_' and '.')`);
  const depth = values.depth === undefined ? 0 : Number(values.depth);
  if (!/^\d+$/.test(values.depth ?? '0') || depth > 5)
    throw new TypesUsageError(`--depth must be a whole number from 0 to 5, not '${values.depth}'`);
  const lang = (values.lang ?? (values.out !== undefined && path.extname(values.out) === '.py' ? 'python' : 'ts')) as TypeLanguage;
  if (!TYPE_LANGUAGES.includes(lang)) throw new TypesUsageError(`--lang must be ts or python, not '${values.lang}'`);
  if (values.client && lang !== 'ts') throw new TypesUsageError('--client goes with --lang ts (the Python file always has its client)');
  return {
    action: 'generate',
    lang,
    models,
    ...(fromProject !== undefined ? { fromProject } : {}),
    depth,
    client: values.client ?? false,
    ...(values.out !== undefined ? { out: values.out } : {}),
    ...connection,
  };
}

/** `--from-project` without a folder (last, or before another option) reads the current folder. */
function withProjectFolder(argv: readonly string[]): string[] {
  return argv.flatMap((word, index) =>
    word === '--from-project' && (index === argv.length - 1 || argv[index + 1].startsWith('-')) ? [word, '.'] : [word],
  );
}
