// Runs the built CLI (`node dist/cli.js`) as a separate process, building it first when it is missing or older than its sources.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository root: the nearest folder above this file whose package.json is json2-explorer. */
export const repoRoot = (() => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'json2-explorer')
      return dir;
    if (path.dirname(dir) === dir) throw new Error(`no json2-explorer package.json above ${__dirname}`);
  }
})();

export const cliPath = path.join(repoRoot, 'dist', 'cli.js');
export const fixturesDir = path.join(repoRoot, 'test', 'fixtures', 'cli');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the bundles (`node scripts/build.mjs`) when dist/cli.js is missing or older than src/cli or src/core. */
export function ensureCliBuilt(): void {
  const sources = Math.max(newestSource(path.join(repoRoot, 'src', 'cli')), newestSource(path.join(repoRoot, 'src', 'core')));
  if (fs.existsSync(cliPath) && fs.statSync(cliPath).mtimeMs >= sources) return;
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node scripts/build.mjs failed:\n${build.stdout}\n${build.stderr}`);
}

export interface CliResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `node dist/cli.js ARGS` without blocking this process (the sandbox under test answers from it) and with an
 * environment that holds only what the test gives plus PATH: no key leaks in from the developer's shell.
 */
export function runCli(args: readonly string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cliPath, ...args],
      {
        cwd: options.cwd ?? fixturesDir,
        env: { PATH: process.env.PATH ?? '', ...options.env },
        timeout: 60_000,
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
