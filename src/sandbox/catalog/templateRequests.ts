// What a new database is copied from: the demo template (schema, administrator, demo data), the bare one (without
// the demo data) or the empty one (a restore's), by version; and the demo template written as the build's prepared
// template (dist/).
import { populateDatabase } from '../demo/databaseSetup';
import { templateVersion } from '../demo/templateVersion';
import { GENERIC_METHODS } from '../methods/genericMethods';
import { BASE_MODELS } from '../models/baseModels';
import { Registry } from '../orm/registry';
import { DEFAULT_HASH_COST } from '../security/secretHashing';
import { writePreparedTemplate } from '../storage/preparedTemplate';
import { templateCacheDir } from '../storage/sandboxPaths';
import type { Storage } from '../storage/sqlClient';
import { ensureTemplate } from '../storage/templateCache';

export interface TemplateRecipe {
  version: string;
  populate: (storage: Storage) => Promise<void>;
}

/** The demo template, or with `demo: false` the one with the reference data, the company and the administrator only. */
export function templateRecipe(demo: boolean, hashCost: number): TemplateRecipe {
  const registry = Registry.build(BASE_MODELS, GENERIC_METHODS);
  const version = templateVersion(registry);
  return {
    version: demo ? version : `${version}-bare`,
    populate: (storage) => populateDatabase(storage, registry, hashCost, { demo }),
  };
}

/** Empties the public schema (every table, sequence and index of the sandbox is there; nothing is elsewhere). */
export const RESET_PUBLIC_SCHEMA = 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;';

/**
 * What a restore replays a backup into: the demo template with its public schema emptied, as the restore's first
 * statement leaves it. Made once from the demo template: dropping the demo schema cost each restore about 0.25 s of
 * CPU time, and its copy has 40 % fewer files.
 */
export function restoreTemplateRecipe(hashCost: number): TemplateRecipe {
  return {
    version: `${templateRecipe(true, hashCost).version}-empty`,
    populate: async (storage) => {
      await storage.query(RESET_PUBLIC_SCHEMA);
    },
  };
}

/**
 * Writes the demo template (taken from the template cache, built there first when missing) to `target` as a prepared
 * template (storage/preparedTemplate.ts); returns its version. For the build (scripts/build.mjs).
 */
export async function writeDemoTemplateArchive(target: string, cacheDir = templateCacheDir()): Promise<string> {
  const recipe = templateRecipe(true, DEFAULT_HASH_COST);
  const template = await ensureTemplate({ cacheDir, ...recipe });
  writePreparedTemplate(template.dataDir, recipe.version, target);
  return recipe.version;
}
