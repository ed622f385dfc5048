// `json2 types`: writes the TypeScript or Python types of a database's models from its live schema, or with --check
// tells whether a file it wrote still matches that schema (a CI gate).
import fs from 'node:fs/promises';
import path from 'node:path';
import { ClientError } from '../core/client/clientErrors';
import { userAgentOf } from '../core/client/userAgent';
import { resolveCliConnection } from '../core/connections/cliConnectionResolver';
import { ConnectionClient } from '../core/connections/connectionClient';
import { ConnectionLookupError } from '../core/connections/connectionFile';
import { connectionSchemaBackend } from '../core/connections/connectionSchemaBackend';
import type * as Engine from '../core/migrate/migrateBundle';
import { SecretRedactor } from '../core/redaction/secretRedactor';
import { requestFileModels } from '../core/requestFile/requestFileModels';
import { SchemaService } from '../core/schema/schemaService';
import { GeneratedFileError } from '../core/typegen/generatedHeader';
import { checkTypes, generateTypes } from '../core/typegen/typeGeneration';
import { TypeSchemaError } from '../core/typegen/typeSchema';
import { cliVersion } from './cliVersion';
import { parseTypesOptions, TYPES_USAGE, type TypesOptions, TypesUsageError } from './typesOptions';

const err = (text: string): void => {
  process.stderr.write(text);
};

/** Runs the command; resolves with the exit code. */
export async function runTypesCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<number> {
  let options: TypesOptions | 'help';
  try {
    options = parseTypesOptions(argv);
  } catch (error) {
    if (!(error instanceof TypesUsageError)) throw error;
    err(`json2 types: ${error.message}\n\n${TYPES_USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${TYPES_USAGE}\n`);
    return 0;
  }
  const redactor = new SecretRedactor();
  let client: ConnectionClient | undefined;
  try {
    const checked = options.action === 'check' ? await readGenerated(options.file) : undefined;
    const found = resolveCliConnection({
      cwd: process.cwd(),
      env,
      ...(options.connectionsFile !== undefined ? { connectionsFile: options.connectionsFile } : {}),
      ...(options.url !== undefined
        ? { url: options.url }
        : options.connection !== undefined
          ? { connectionName: options.connection }
          : {}),
      ...(options.database !== undefined ? { database: options.database } : {}),
      ...(options.databaseHeader !== undefined ? { databaseHeader: options.databaseHeader } : {}),
      ...(options.keyFile !== undefined ? { keyFile: options.keyFile } : {}),
    });
    redactor.add(found.secret.secret);
    for (const warning of found.secret.warnings) err(`json2 types: warning: ${warning}\n`);
    client = new ConnectionClient(found.profile, found.secret.secret, { userAgent: userAgentOf('json2-cli', cliVersion()) });
    const schema = new SchemaService({
      backend: connectionSchemaBackend(client),
      connectionId: `${found.profile.name}\u0000${found.profile.baseUrl}`,
      database: found.profile.database,
    });
    if (options.action === 'check') return await check(options.file, checked as string, schema, found.profile.baseUrl);
    const models =
      options.fromProject === undefined ? options.models : await withProjectModels(options.models, options.fromProject, schema);
    if (models.length === 0) return 2;
    const generated = await generateTypes({
      source: schema,
      origin: { server: found.profile.baseUrl, database: found.profile.database, release: await client.serverVersion() },
      options: { lang: options.lang, models, depth: options.depth, client: options.client },
    });
    if (options.out === undefined) process.stdout.write(generated.text);
    else {
      await fs.writeFile(options.out, generated.text);
      const count = generated.models.length;
      err(
        `json2 types: wrote the ${options.lang === 'ts' ? 'TypeScript' : 'Python'} types of ${count} model${count === 1 ? '' : 's'} to ${options.out}\n`,
      );
    }
    return 0;
  } catch (error) {
    if (error instanceof GeneratedFileError) {
      err(`json2 types: cannot check ${options.action === 'check' ? options.file : 'the file'}: ${error.message}\n`);
      return 2;
    }
    if (error instanceof ConnectionLookupError || error instanceof TypeSchemaError) {
      err(`json2 types: ${redactor.redact(error.message)}\n`);
      return 2;
    }
    if (error instanceof ClientError) {
      err(`json2 types: the server could not be read: ${redactor.redact(error.message)}\n`);
      return 3;
    }
    throw redactor.redactError(error as Error);
  } finally {
    await client?.close();
  }
}

/** Compares the file with the live schema: 0 when it matches, 1 (and the differences on stdout) when not. */
async function check(file: string, text: string, schema: SchemaService, server: string): Promise<number> {
  const { differences } = await checkTypes(text, schema);
  if (differences.length === 0) {
    err(`json2 types: ${file} matches the schema of ${server}\n`);
    return 0;
  }
  const count = differences.length;
  err(`json2 types: ${file} no longer matches the schema of ${server} (${count} difference${count === 1 ? '' : 's'}); regenerate it\n`);
  process.stdout.write(differences.map((line) => `${line}\n`).join(''));
  return 1;
}

function loadEngine(): typeof Engine {
  // The project scan needs the parsers of json2 migrate: their bundle is loaded only for --from-project.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./migrate.js') as typeof Engine;
}

/**
 * The models given with --models, then those the project in `folder` uses that the database has; each one it lacks is
 * named on stderr. Empty (after saying why) when nothing is left.
 */
async function withProjectModels(given: readonly string[], folder: string, schema: SchemaService): Promise<string[]> {
  const engine = loadEngine();
  let uses: Engine.ModelUse[];
  try {
    uses = await engine.projectModelUses([folder], requestFileModels);
  } catch (error) {
    if (!(error instanceof engine.MissingPathError)) throw error;
    err(`json2 types: --from-project ${error.message}\n`);
    return [];
  }
  const known = new Set((await schema.models()).map((info) => info.model));
  const relative = (file: string): string => path.relative(process.cwd(), file) || file;
  for (const use of uses.filter((each) => !known.has(each.model)))
    err(`json2 types: warning: ${use.model} (used in ${relative(use.files[0])}) is not on this database; left out\n`);
  const used = uses.map((use) => use.model).filter((model) => known.has(model) && !given.includes(model));
  if (given.length === 0 && used.length === 0) {
    err(`json2 types: found no model of this database in the .json2 request files or code under ${folder}\n`);
    return [];
  }
  if (used.length > 0) err(`json2 types: the project uses ${used.join(', ')}\n`);
  return [...given, ...used];
}

async function readGenerated(file: string): Promise<string> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new GeneratedFileError(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
