// A database catalog on the backend the tests run on: PGlite, or the PostgreSQL server of JSON2_SANDBOX_POSTGRES
// (in a namespace of its own, dropped when the catalog is stopped).
import { systemClock } from '../../../src/sandbox/orm/clock';
import { templateCacheDir } from '../../../src/sandbox/storage/sandboxPaths';
import { DatabaseCatalog, type CatalogOptions } from '../../../src/sandbox/catalog/databaseCatalog';
import { testPostgresNamespace, testPostgresUrl } from '../../../src/sandbox/testApi';

export async function startTestCatalog(dataDir: string, options: Partial<CatalogOptions> = {}): Promise<DatabaseCatalog> {
  const url = testPostgresUrl();
  const catalog = new DatabaseCatalog({
    dataDir,
    templateCacheDir: templateCacheDir(),
    clock: systemClock,
    ...options,
    postgres: url === null ? undefined : testPostgresNamespace(url),
  });
  await catalog.start();
  return catalog;
}

export async function stopTestCatalog(catalog: DatabaseCatalog | undefined): Promise<void> {
  if (!catalog) return;
  try {
    if (catalog.backendKind === 'postgres') await catalog.dropAllDatabases();
  } finally {
    await catalog.close();
  }
}
