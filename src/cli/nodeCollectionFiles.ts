// The collection import and export's file access on node:fs, for `json2 import` and `json2 export`: locations are
// paths as given on the command line.
import fs from 'node:fs';
import path from 'node:path';
import type { CollectionFiles } from '../core/collections/collectionFiles';

export const nodeCollectionFiles: CollectionFiles<string> = {
  kind: async (location) => {
    const stat = fs.statSync(location, { throwIfNoEntry: false });
    return stat === undefined ? undefined : stat.isDirectory() ? 'folder' : 'file';
  },
  readText: async (location) => fs.readFileSync(location, 'utf8'),
  writeText: async (location, text) => {
    fs.mkdirSync(path.dirname(location), { recursive: true });
    fs.writeFileSync(location, text);
  },
  children: async (folder) =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile() || entry.isDirectory())
      .map((entry) => ({ name: entry.name, kind: entry.isDirectory() ? 'folder' : 'file' })),
  child: (folder, relative) => path.join(folder, ...relative.split('/')),
  baseName: (location) => path.basename(location),
  label: (location) => location,
};
