// Lists the source files a codebase migration reads under some paths: Python, JS/TS and PHP files, honouring every
// .gitignore on the way (each below its own folder) and skipping dependencies, virtual environments and vendored code.
import ignore, { type Ignore } from 'ignore';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isMigrationSource } from './legacyFunctions';

/** Folders never read: installed dependencies, vendored code, virtual environments, version control, caches. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'third_party',
  'site-packages',
  'dist-packages',
  'venv',
  '.venv',
  'virtualenv',
  '.tox',
  '.nox',
  '__pycache__',
  '.mypy_cache',
  '.pytest_cache',
  '.git',
  '.hg',
  '.svn',
]);

/** Whether a folder of that name is skipped, whatever its .gitignore says. */
export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name);
}

/** .gitignore rules, each set applying to paths below the folder that holds it. */
export class IgnoreRules {
  private readonly rules: { dir: string; rules: Ignore }[] = [];

  add(dir: string, gitignoreText: string): void {
    this.rules.push({ dir, rules: ignore().add(gitignoreText) });
  }

  /** Whether a file or folder (absolute path; folders with `isDirectory`) is ignored by a rule above it. */
  ignores(file: string, isDirectory = false): boolean {
    return this.rules.some(({ dir, rules }) => {
      const relative = path.relative(dir, file);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
      const posix = relative.split(path.sep).join('/');
      return rules.ignores(isDirectory ? `${posix}/` : posix);
    });
  }
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The .gitignore files of the folders above `dir`, up to the repository's root (the folder holding .git). */
async function ancestorRules(dir: string, rules: IgnoreRules): Promise<void> {
  const chain: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if ((await readIfExists(path.join(current, '.git', 'HEAD'))) !== undefined || path.dirname(current) === current) break;
  }
  if (!(await readIfExists(path.join(chain[0], '.git', 'HEAD')))) return;
  for (const folder of chain) {
    const text = await readIfExists(path.join(folder, '.gitignore'));
    if (text !== undefined) rules.add(folder, text);
  }
}

/** A path given on the command line that does not exist. */
export class MissingPathError extends Error {}

/**
 * Every source file under `paths` (files given by name are always read), sorted, absolute. `accept` says which file
 * names count (default: the sources the migration reads).
 */
export async function listSourceFiles(
  paths: readonly string[],
  accept: (fileName: string) => boolean = isMigrationSource,
): Promise<string[]> {
  const found = new Set<string>();
  for (const given of paths) {
    const absolute = path.resolve(given);
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (!stat) throw new MissingPathError(`${given}: no such file or folder`);
    if (stat.isFile()) {
      found.add(absolute);
      continue;
    }
    const rules = new IgnoreRules();
    await ancestorRules(absolute, rules);
    await walk(absolute, rules, found, accept);
  }
  return [...found].sort();
}

async function walk(dir: string, rules: IgnoreRules, found: Set<string>, accept: (fileName: string) => boolean): Promise<void> {
  const gitignore = await readIfExists(path.join(dir, '.gitignore'));
  if (gitignore !== undefined) rules.add(dir, gitignore);
  const entries = await fs.readdir(dir, { withFileTypes: true });
  // A folder holding pyvenv.cfg is a Python virtual environment, whatever its name.
  if (entries.some((entry) => entry.isFile() && entry.name === 'pyvenv.cfg')) return;
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!isSkippedFolder(entry.name) && !rules.ignores(full, true)) await walk(full, rules, found, accept);
    } else if (entry.isFile() && accept(entry.name) && !rules.ignores(full)) {
      found.add(full);
    }
  }
}
