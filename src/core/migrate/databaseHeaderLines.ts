// The database headers of converted code: the original's database argument under every name databaseSelection sends,
// or, for a call that named none (list_lang, list_countries), the database of JSON2_DATABASE when it is set.
import { databaseHeaderNames } from '../client/databaseSelection';
import type { MigrationLanguage, SourceExpr } from './legacyCall';
import { exprCode } from './literalWriters';

/** The environment variable converted code reads the database from when the original call named none. */
export const DATABASE_VARIABLE = 'JSON2_DATABASE';

/** Members of a header list (without indentation): one per header name, or one conditional member from the environment. */
export function databaseHeaderMembers(database: SourceExpr | undefined, language: MigrationLanguage): string[] {
  const names = databaseHeaderNames();
  if (database !== undefined) {
    const value = exprCode(database, language);
    if (language === 'python') return names.map((name) => `${JSON.stringify(name)}: ${value},`);
    if (language === 'php') return names.map((name) => `'${name}: ' . ${value},`);
    return names.map((name) => `'${name}': ${value},`);
  }
  if (language === 'python') {
    const env = `os.environ[${JSON.stringify(DATABASE_VARIABLE)}]`;
    const pairs = names.map((name) => `${JSON.stringify(name)}: ${env}`).join(', ');
    return [`**({${pairs}} if os.environ.get(${JSON.stringify(DATABASE_VARIABLE)}) else {}),`];
  }
  if (language === 'php') {
    const env = `getenv('${DATABASE_VARIABLE}')`;
    return [`...(${env} ? [${names.map((name) => `'${name}: ' . ${env}`).join(', ')}] : []),`];
  }
  const env = `process.env.${DATABASE_VARIABLE}`;
  return [`...(${env} ? { ${names.map((name) => `'${name}': ${env}`).join(', ')} } : {}),`];
}

/** The `.json2` header line: an override for a literal database; else a comment (the connection's database is sent). */
export function json2DatabaseHeaderLine(database: SourceExpr | undefined): string | undefined {
  if (database === undefined) return undefined;
  const [name] = databaseHeaderNames();
  if (typeof database.value === 'string') return `${name}: ${database.value}`;
  return `# ${name}: <${database.text}>   (the connection's database is sent; a line like this names another)`;
}
