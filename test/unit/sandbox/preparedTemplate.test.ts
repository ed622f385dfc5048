// The build's prepared demo template (storage/preparedTemplate.ts): written from the cached template, unpacked into a
// new machine's template cache instead of building it, a database copied from it works, and an archive of another
// version or with a path outside its folder is not taken.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTar } from 'nanotar';
import { after, describe, it } from 'node:test';
import { writeDemoTemplateArchive } from '../../../src/sandbox/catalog/templateRequests';
import { unpackPreparedTemplate, writePreparedTemplate } from '../../../src/sandbox/storage/preparedTemplate';
import { templateCacheDir } from '../../../src/sandbox/storage/sandboxPaths';
import { copyTemplate, ensureTemplate } from '../../../src/sandbox/storage/templateCache';
import { WorkerStorage } from '../../../src/sandbox/storage/workerStorage';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-prepared-template-test-'));
const archive = path.join(scratch, 'sandboxTemplate.tar.gz');

after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Every folder and file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .map((entry) => `${path.relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))}${entry.isDirectory() ? '/' : ''}`)
    .sort();
}

describe('the prepared demo template', () => {
  it('unpacks into an empty template cache without building, and a database copied from it holds the demo data', async () => {
    const version = await writeDemoTemplateArchive(archive);
    const cacheDir = path.join(scratch, 'new-machine-cache');
    const template = await ensureTemplate({
      cacheDir,
      version,
      populate: () => Promise.reject(new Error('the template was built instead of unpacked')),
      prepared: archive,
    });
    assert.equal(template.built, true);
    // Every folder (empty ones too: PostgreSQL needs them) and file of the cached template it was written from.
    const source = await ensureTemplate({ cacheDir: templateCacheDir(), version, populate: () => Promise.reject(new Error('not cached')) });
    assert.deepEqual(tree(template.dataDir), tree(source.dataDir));
    const dataDir = path.join(scratch, 'copy', 'pgdata');
    await copyTemplate(template.dataDir, dataDir);
    const storage = await WorkerStorage.open({ dataDir });
    try {
      const databases = await storage.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname');
      assert.deepEqual(
        databases.rows.map((row) => row.datname),
        ['postgres'],
        'initdb’s template0 and template1 are dropped',
      );
      const partners = await storage.query<{ count: number }>('SELECT count(*)::int AS count FROM res_partner');
      assert.ok(partners.rows[0].count > 10, `the demo partners are there (${partners.rows[0].count})`);
    } finally {
      await storage.close();
    }
  });

  it('unpacks exactly the folders and files of the template it was written from', async () => {
    const version = 'v-tree-test';
    const source = path.join(scratch, 'tree-source');
    fs.mkdirSync(path.join(source, 'base', '5'), { recursive: true });
    fs.mkdirSync(path.join(source, 'pg_tblspc'));
    fs.writeFileSync(path.join(source, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(source, 'base', '5', '1259'), Buffer.alloc(8192, 7));
    fs.writeFileSync(path.join(source, 'base', '5', 'empty'), '');
    const own = path.join(scratch, 'tree.tar.gz');
    writePreparedTemplate(source, version, own);
    const target = path.join(scratch, 'tree-target');
    fs.mkdirSync(target);
    assert.equal(await unpackPreparedTemplate(own, version, target), true);
    assert.deepEqual(tree(target), tree(source));
    assert.deepEqual(fs.readFileSync(path.join(target, 'base', '5', '1259')), Buffer.alloc(8192, 7));
    assert.equal(fs.statSync(path.join(target, 'base', '5', 'empty')).size, 0);
    if (process.platform !== 'win32') {
      assert.equal(fs.statSync(path.join(target, 'PG_VERSION')).mode & 0o777, 0o600);
      assert.equal(fs.statSync(path.join(target, 'pg_tblspc')).mode & 0o077, 0);
    }
  });

  it('is not taken for another version: nothing is written', async () => {
    const target = path.join(scratch, 'other-version');
    fs.mkdirSync(target);
    const source = path.join(scratch, 'small');
    fs.mkdirSync(source);
    fs.writeFileSync(path.join(source, 'PG_VERSION'), '17\n');
    const own = path.join(scratch, 'small.tar.gz');
    writePreparedTemplate(source, 'v-one', own);
    assert.equal(await unpackPreparedTemplate(own, 'v-two', target), false);
    assert.deepEqual(fs.readdirSync(target), []);
  });

  it('writes nothing outside the template folder for an entry named to land there', async () => {
    const hostile = path.join(scratch, 'hostile.tar.gz');
    // nanotar normalises names it writes: the entry's name is changed in the tar's bytes afterwards.
    const tar = Buffer.from(
      createTar([
        { name: 'v-x/PG_VERSION', data: new TextEncoder().encode('17\n') },
        { name: 'v-x/xx/xx/escaped', data: new TextEncoder().encode('no') },
      ]),
    );
    tar.write('v-x/../../escaped', tar.indexOf('v-x/xx/xx/escaped'));
    fs.writeFileSync(hostile, zlib.gzipSync(tar));
    const target = path.join(scratch, 'hostile-target');
    fs.mkdirSync(target);
    // The entry is read without its folder (nanotar drops the `..`): not of this template, so the archive is not taken.
    assert.equal(await unpackPreparedTemplate(hostile, 'v-x', target), false);
    assert.equal(fs.existsSync(path.resolve(target, '../../escaped')), false);
    assert.deepEqual(fs.readdirSync(target), []);
  });
});
