// The Open VSX dry run of `npm run package`: reads the .vsix as `ovsx publish` does (ovsx's own readVSIXPackage and
// validateManifest) and checks what the registry needs of it, without a token and without publishing anything.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { readVSIXPackage } = require('ovsx/lib/zip');
const { validateManifest } = require('ovsx/lib/util');

/**
 * Problems `ovsx publish` or the Open VSX registry would raise with the .vsix `file` whose entries are `entries`: the
 * manifest ovsx reads and its required fields (publisher, the namespace; name; version), a licence (Open VSX accepts no
 * extension without one), the repository, the engine, and the readme and changelog its page shows.
 */
export async function checkOpenVsx(file, entries) {
  const problems = [];
  let manifest;
  try {
    manifest = await readVSIXPackage(file);
    validateManifest(manifest);
  } catch (error) {
    return [`Open VSX: ${error.message}`];
  }
  const licenseFile = entries.some((name) => /^extension\/licen[cs]e(\.(md|txt))?$/i.test(name));
  if (typeof manifest.license !== 'string' || manifest.license === '') problems.push('Open VSX: the manifest names no licence');
  if (!licenseFile) problems.push('Open VSX: the .vsix carries no LICENSE file');
  if (!manifest.repository?.url)
    problems.push('Open VSX: the manifest has no repository (ovsx refuses it without --allow-missing-repository)');
  if (typeof manifest.engines?.vscode !== 'string') problems.push('Open VSX: the manifest has no engines.vscode');
  if (!entries.includes('extension.vsixmanifest')) problems.push('Open VSX: the .vsix has no extension.vsixmanifest');
  for (const [what, pattern] of [
    ['README', /^extension\/readme\.md$/i],
    ['CHANGELOG', /^extension\/changelog\.md$/i],
  ])
    if (!entries.some((name) => pattern.test(name))) problems.push(`Open VSX: the .vsix has no ${what}, which the registry shows`);
  return problems;
}
