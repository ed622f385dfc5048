// The version of the template database: a digest of everything that goes into it, so a change makes a new one.
import crypto from 'node:crypto';
import type { Registry } from '../orm/registry';
import { schemaStatements } from '../orm/schemaSql';
import * as demo from './demoRecords';
import * as sales from './salesRecords';
import { KNOWN_LANGUAGES } from './referenceLanguages';
import { MODEL_ACCESS, RECORD_RULES } from '../orm/access/accessRules';

/** Bump with the PGlite version (its on-disk format) or when the setup code changes in a way the digest misses. */
const STORAGE_FORMAT = 'pglite-0.5.16/setup-5';

export function templateVersion(registry: Registry): string {
  const digest = crypto
    .createHash('sha256')
    .update(STORAGE_FORMAT)
    .update(JSON.stringify(schemaStatements(registry)))
    .update(JSON.stringify(demo))
    .update(JSON.stringify(sales))
    .update(JSON.stringify(KNOWN_LANGUAGES))
    // The access rows and record rules written into it (models/metaModelSync.ts).
    .update(JSON.stringify([MODEL_ACCESS, RECORD_RULES]))
    // The ir.model / ir.model.fields rows: labels, help texts and attributes of every model and field.
    .update(
      JSON.stringify(
        [...registry.models.values()].map((model) => [model.name, model.description, model.state, [...model.fields.values()]]),
      ),
    )
    .digest('hex');
  return `v-${digest.slice(0, 16)}`;
}
