// Installs the json2-cli package (the CLI with the sandbox and PGlite) from an npm registry into a folder: the tarball
// is downloaded over node's HTTP client (which the editor's proxy settings reach), checked against the integrity the
// extension was built with, and unpacked under `<root>/<name>-<version>`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseTar } from 'nanotar';

/** The package the extension was built with (dist/sandboxPackage.json, written by scripts/packageCli.mjs). */
export interface SandboxPackage {
  readonly name: string;
  readonly version: string;
  /** `sha512-<base64>`, as npm writes it. */
  readonly integrity: string;
  /** The tarball's size in bytes. */
  readonly size: number;
}

export type SandboxInstallErrorKind = 'registry' | 'network' | 'integrity' | 'disk' | 'cancelled';

export class SandboxInstallError extends Error {
  constructor(
    message: string,
    readonly kind: SandboxInstallErrorKind,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Written last into an installed folder: the integrity of the tarball it came from. */
const MARKER = '.json2-installed';
const MAX_REDIRECTS = 5;
/** A tarball far larger than announced is refused while it downloads. */
const SIZE_MARGIN = 1024 * 1024;

/** `https://registry.npmjs.org/json2-cli/-/json2-cli-0.1.0.tgz`; plain http only for a registry on this machine. */
export function tarballUrl(registry: string, pkg: Pick<SandboxPackage, 'name' | 'version'>): URL {
  let base: URL;
  try {
    base = new URL(registry.endsWith('/') ? registry : `${registry}/`);
  } catch {
    throw new SandboxInstallError(`"${registry}" is not a registry address (json2.sandbox.registry)`, 'registry');
  }
  checkProtocol(base);
  const bareName = pkg.name.startsWith('@') ? pkg.name.split('/')[1] : pkg.name;
  return new URL(`${pkg.name}/-/${bareName}-${pkg.version}.tgz`, base);
}

function checkProtocol(url: URL): void {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return;
  throw new SandboxInstallError(`the registry must be reached over https (got ${url.protocol}//${url.host})`, 'registry');
}

/** True when the data's SHA-512 is the one `integrity` (`sha512-<base64>`) names. */
export function matchesIntegrity(data: Uint8Array, integrity: string): boolean {
  const expected = /^sha512-([A-Za-z0-9+/=]+)$/.exec(integrity.trim())?.[1];
  if (expected === undefined) return false;
  return crypto.createHash('sha512').update(data).digest('base64') === expected;
}

export interface DownloadOptions {
  readonly signal?: AbortSignal;
  /** Bytes received so far, and the size announced by the server when it said one. */
  readonly onProgress?: (received: number, total: number | undefined) => void;
  readonly maxBytes: number;
}

/** The body of a GET, following up to five redirects (each checked like the registry's address). */
export async function download(url: URL, options: DownloadOptions, redirects = 0): Promise<Buffer> {
  checkProtocol(url);
  let request: http.ClientRequest | undefined;
  // Not the request's `signal` option, nor destroy(error): after the answer ended, either errors a socket nobody listens
  // to. A plain destroy() ends the transfer; the signal then says it was a cancellation.
  const onAbort = (): void => {
    request?.destroy();
  };
  if (options.signal?.aborted) throw new SandboxInstallError('the installation was cancelled', 'cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request = (url.protocol === 'https:' ? https : http).get(url, { headers: { accept: 'application/octet-stream' } }, resolve);
      request.on('error', reject);
    }).catch((error: unknown) => {
      throw transferError(error, url, options.signal);
    });
    const status = answer.statusCode ?? 0;
    if (status >= 300 && status < 400 && answer.headers.location) {
      answer.resume();
      if (redirects >= MAX_REDIRECTS) throw new SandboxInstallError(`too many redirects from ${url.origin}`, 'registry');
      return await download(new URL(answer.headers.location, url), options, redirects + 1);
    }
    if (status !== 200) {
      answer.resume();
      const hint = status === 404 ? ' (is this version published there?)' : '';
      throw new SandboxInstallError(`the registry answered ${status} for ${url.href}${hint}`, 'registry');
    }
    return await readBody(answer, url, options);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody(answer: http.IncomingMessage, url: URL, options: DownloadOptions): Promise<Buffer> {
  const announced = Number(answer.headers['content-length']) || undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of answer as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > options.maxBytes)
        throw new SandboxInstallError(
          `the download from ${url.origin} is larger than the package (${options.maxBytes} bytes)`,
          'integrity',
        );
      chunks.push(chunk);
      options.onProgress?.(received, announced);
    }
  } catch (error) {
    answer.destroy();
    throw error instanceof SandboxInstallError ? error : transferError(error, url, options.signal);
  }
  if (options.signal?.aborted) throw new SandboxInstallError('the installation was cancelled', 'cancelled');
  return Buffer.concat(chunks);
}

function transferError(error: unknown, url: URL, signal: AbortSignal | undefined): SandboxInstallError {
  if (signal?.aborted) return new SandboxInstallError('the installation was cancelled', 'cancelled', { cause: error });
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return new SandboxInstallError(`could not download from ${url.origin} (${reason})`, 'network', { cause: error });
}

/**
 * Writes the files of an npm tarball's `package/` folder into `target`. Only plain files with a relative path inside
 * `package/` are taken; an entry that would land outside `target` stops the unpacking.
 */
export function unpackTarball(tarball: Uint8Array, target: string): number {
  const entries = parseTar(zlib.gunzipSync(tarball));
  let written = 0;
  for (const entry of entries) {
    if (entry.type !== 'file' || entry.data === undefined) continue;
    const name = entry.name.replace(/^package\//, '');
    const destination = path.resolve(target, name);
    if (name === entry.name || path.isAbsolute(name) || !destination.startsWith(path.resolve(target) + path.sep)) {
      throw new SandboxInstallError(`the package holds an unexpected path: ${entry.name}`, 'integrity');
    }
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    const executable = /^[0-7]*[1357][0-7]{2}$/.test(entry.attrs?.mode ?? '');
    fs.writeFileSync(destination, entry.data, { mode: executable ? 0o755 : 0o644 });
    written += 1;
  }
  return written;
}

/** The folder of the installed package when it is complete and came from this integrity; undefined otherwise. */
export function installedPackage(root: string, pkg: SandboxPackage): string | undefined {
  const folder = path.join(root, `${pkg.name.replace('/', '__')}-${pkg.version}`);
  try {
    return fs.readFileSync(path.join(folder, MARKER), 'utf8').trim() === pkg.integrity ? folder : undefined;
  } catch {
    return undefined;
  }
}

export interface InstallOptions {
  readonly registry: string;
  readonly root: string;
  readonly signal?: AbortSignal;
  readonly onProgress?: (received: number, total: number | undefined) => void;
}

/**
 * Downloads, checks and unpacks the package unless it is installed already; returns its folder. The folder appears
 * complete or not at all (unpacked beside it, then renamed); other versions' folders are removed afterwards.
 */
export async function installSandboxPackage(pkg: SandboxPackage, options: InstallOptions): Promise<string> {
  const existing = installedPackage(options.root, pkg);
  if (existing !== undefined) return existing;
  const url = tarballUrl(options.registry, pkg);
  const tarball = await download(url, { signal: options.signal, onProgress: options.onProgress, maxBytes: pkg.size + SIZE_MARGIN });
  if (!matchesIntegrity(tarball, pkg.integrity)) {
    throw new SandboxInstallError(
      `the package downloaded from ${url.origin} is not the ${pkg.name} ${pkg.version} this extension was built with (its checksum differs)`,
      'integrity',
    );
  }
  const folder = path.join(options.root, `${pkg.name.replace('/', '__')}-${pkg.version}`);
  const partial = `${folder}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.mkdirSync(partial, { recursive: true });
    unpackTarball(tarball, partial);
    fs.writeFileSync(path.join(partial, MARKER), `${pkg.integrity}\n`);
    fs.rmSync(folder, { recursive: true, force: true });
    fs.renameSync(partial, folder);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    if (error instanceof SandboxInstallError) throw error;
    // Another window may have finished the same installation meanwhile.
    if (installedPackage(options.root, pkg) !== undefined) return folder;
    throw new SandboxInstallError(
      `could not write the package into ${options.root} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      'disk',
      { cause: error },
    );
  }
  removeOtherVersions(options.root, pkg, folder);
  return folder;
}

function removeOtherVersions(root: string, pkg: SandboxPackage, keep: string): void {
  const prefix = `${pkg.name.replace('/', '__')}-`;
  for (const name of fs.readdirSync(root)) {
    const full = path.join(root, name);
    if (name.startsWith(prefix) && full !== keep && !name.includes('.partial-')) fs.rmSync(full, { recursive: true, force: true });
  }
}
