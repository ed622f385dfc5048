// Installing the json2-cli package for the local sandbox from a registry on loopback: the tarball URL, the integrity
// check, unpacking only inside the target, cancellation, no second download, other versions removed.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { createTar } from 'nanotar';
import {
  installedPackage,
  installSandboxPackage,
  matchesIntegrity,
  SandboxInstallError,
  type SandboxPackage,
  tarballUrl,
  unpackTarball,
} from '../../../src/core/localSandbox/sandboxPackageInstaller';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'json2-installer-test-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function tarball(files: Record<string, string>, modes: Record<string, string> = {}): Buffer {
  const entries = Object.entries(files).map(([name, text]) => ({ name, data: text, attrs: { mode: modes[name] ?? '644' } }));
  return zlib.gzipSync(createTar(entries));
}

function described(data: Buffer, version = '0.1.0'): SandboxPackage {
  return {
    name: 'json2-cli',
    version,
    integrity: `sha512-${crypto.createHash('sha512').update(data).digest('base64')}`,
    size: data.length,
  };
}

/** A registry on loopback serving tarballs by path; counts the requests; `hold` keeps answers waiting. */
function registry(tarballs: Record<string, Buffer>): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = tarballs[request.url ?? ''];
    if (!body) {
      response.writeHead(404).end('{"error":"Not found"}');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length });
    // Two chunks, the second after a turn, so that a cancellation can land in between.
    response.write(body.subarray(0, 16));
    setImmediate(() => response.end(body.subarray(16)));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        requests,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

describe('the tarball address', () => {
  it("follows npm's layout, for scoped names too, and takes plain http only on loopback", () => {
    assert.equal(
      tarballUrl('https://registry.npmjs.org', { name: 'json2-cli', version: '0.1.0' }).href,
      'https://registry.npmjs.org/json2-cli/-/json2-cli-0.1.0.tgz',
    );
    assert.equal(
      tarballUrl('https://npm.example.com/api/npm/', { name: '@acme/json2-cli', version: '1.2.3' }).href,
      'https://npm.example.com/api/npm/@acme/json2-cli/-/json2-cli-1.2.3.tgz',
    );
    assert.equal(
      tarballUrl('http://127.0.0.1:4873', { name: 'json2-cli', version: '0.1.0' }).href,
      'http://127.0.0.1:4873/json2-cli/-/json2-cli-0.1.0.tgz',
    );
    assert.throws(
      () => tarballUrl('http://npm.example.com/', { name: 'json2-cli', version: '0.1.0' }),
      (error: unknown) => error instanceof SandboxInstallError && error.kind === 'registry' && /https/.test(error.message),
    );
    assert.throws(() => tarballUrl('not a url', { name: 'json2-cli', version: '0.1.0' }), /not a registry address/);
  });

  it('checks a SHA-512 integrity string', () => {
    const data = Buffer.from('abc');
    assert.equal(matchesIntegrity(data, described(data).integrity), true);
    assert.equal(matchesIntegrity(Buffer.from('abd'), described(data).integrity), false);
    assert.equal(matchesIntegrity(data, 'sha1-qZk+NkcGgWq6PiVxeFDCbJzQ2J0='), false);
  });
});

describe('unpacking', () => {
  it("writes the package folder's files, executable where the tarball says so", () => {
    const target = path.join(scratch, 'unpacked');
    fs.mkdirSync(target);
    const count = unpackTarball(
      tarball({ 'package/package.json': '{}', 'package/dist/cli.js': '#!/usr/bin/env node\n' }, { 'package/dist/cli.js': '755' }),
      target,
    );
    assert.equal(count, 2);
    assert.equal(fs.readFileSync(path.join(target, 'dist', 'cli.js'), 'utf8'), '#!/usr/bin/env node\n');
    assert.equal(fs.statSync(path.join(target, 'dist', 'cli.js')).mode & 0o111, 0o111);
    assert.equal(fs.statSync(path.join(target, 'package.json')).mode & 0o111, 0);
  });

  it('refuses a path outside the package folder or the target', () => {
    for (const name of ['package/../../escape.js', 'other/file.js', '/etc/passwd']) {
      const target = fs.mkdtempSync(path.join(scratch, 'evil-'));
      assert.throws(
        () => unpackTarball(tarball({ [name]: 'x' }), target),
        (error: unknown) => error instanceof SandboxInstallError && error.kind === 'integrity',
        name,
      );
      assert.equal(fs.existsSync(path.join(scratch, 'escape.js')), false);
    }
  });
});

describe('installing from a registry', () => {
  const good = tarball({ 'package/package.json': '{"name":"json2-cli","version":"0.1.0"}', 'package/dist/cli.js': 'console.log(1)\n' });
  const older = tarball({ 'package/package.json': '{"name":"json2-cli","version":"0.0.9"}', 'package/dist/cli.js': 'console.log(0)\n' });
  let server: Awaited<ReturnType<typeof registry>>;
  before(async () => {
    server = await registry({ '/json2-cli/-/json2-cli-0.1.0.tgz': good, '/json2-cli/-/json2-cli-0.0.9.tgz': older });
  });
  after(() => server.close());

  it('downloads, checks and unpacks once; a later call finds it without downloading; older versions go', async () => {
    const root = path.join(scratch, 'install');
    fs.mkdirSync(root);
    const old = await installSandboxPackage(described(older, '0.0.9'), { registry: server.url, root });
    assert.ok(fs.existsSync(path.join(old, 'dist', 'cli.js')));
    const seen: number[] = [];
    const folder = await installSandboxPackage(described(good), {
      registry: server.url,
      root,
      onProgress: (received) => seen.push(received),
    });
    assert.equal(folder, path.join(root, 'json2-cli-0.1.0'));
    assert.equal(fs.readFileSync(path.join(folder, 'dist', 'cli.js'), 'utf8'), 'console.log(1)\n');
    assert.equal(seen.at(-1), good.length);
    assert.equal(installedPackage(root, described(good)), folder);
    assert.deepEqual(fs.readdirSync(root), ['json2-cli-0.1.0'], 'the older version is removed, no partial folder is left');
    const before = server.requests.length;
    assert.equal(await installSandboxPackage(described(good), { registry: server.url, root }), folder);
    assert.equal(server.requests.length, before, 'no second download');
  });

  it('refuses a tarball whose checksum is not the one built with the extension, and installs nothing', async () => {
    const root = path.join(scratch, 'tampered');
    fs.mkdirSync(root);
    const expected = { ...described(good), integrity: described(older).integrity, size: good.length };
    await assert.rejects(
      installSandboxPackage(expected, { registry: server.url, root }),
      (error: unknown) => error instanceof SandboxInstallError && error.kind === 'integrity' && /checksum differs/.test(error.message),
    );
    assert.deepEqual(fs.readdirSync(root), []);
  });

  it('says when the version is not on the registry, when the registry is unreachable, and when cancelled', async () => {
    const root = path.join(scratch, 'failures');
    fs.mkdirSync(root);
    await assert.rejects(
      installSandboxPackage(described(good, '9.9.9'), { registry: server.url, root }),
      (error: unknown) =>
        error instanceof SandboxInstallError &&
        error.kind === 'registry' &&
        /answered 404 .*json2-cli-9\.9\.9\.tgz \(is this version published there\?\)/.test(error.message),
    );
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await assert.rejects(
      installSandboxPackage(described(good), { registry: `http://127.0.0.1:${port}/`, root }),
      (error: unknown) => error instanceof SandboxInstallError && error.kind === 'network' && /ECONNREFUSED/.test(error.message),
    );
    const abort = new AbortController();
    await assert.rejects(
      installSandboxPackage(described(good), { registry: server.url, root, signal: abort.signal, onProgress: () => abort.abort() }),
      (error: unknown) => error instanceof SandboxInstallError && error.kind === 'cancelled',
    );
    assert.deepEqual(fs.readdirSync(root), []);
  });
});
