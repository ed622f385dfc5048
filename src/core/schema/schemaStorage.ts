// The storage port through which a schema cache outlives the process, and the two stores the core offers.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where cached schemas are kept between sessions: the extension passes one over its global storage, the CLI the
 * file store below over its cache folder. Values are opaque JSON texts; keys name a connection and a database.
 */
export interface SchemaStoragePort {
  load(key: string): Promise<string | undefined>;
  save(key: string, text: string): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Keeps schemas in memory only (tests, and callers that do not persist). */
export class MemorySchemaStorage implements SchemaStoragePort {
  readonly entries = new Map<string, string>();

  load(key: string): Promise<string | undefined> {
    return Promise.resolve(this.entries.get(key));
  }

  save(key: string, text: string): Promise<void> {
    this.entries.set(key, text);
    return Promise.resolve();
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}

/** One JSON file per key in a folder (the CLI's cache folder); writes go through a temporary file and a rename. */
export class FileSchemaStorage implements SchemaStoragePort {
  constructor(readonly folder: string) {}

  async load(key: string): Promise<string | undefined> {
    try {
      return await fs.promises.readFile(this.#file(key), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async save(key: string, text: string): Promise<void> {
    await fs.promises.mkdir(this.folder, { recursive: true });
    const file = this.#file(key);
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temporary, text, 'utf8');
    await fs.promises.rename(temporary, file);
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.#file(key), { force: true });
  }

  // Keys hold URLs and database names: hash them into safe file names.
  #file(key: string): string {
    return path.join(this.folder, `schema-${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }
}
