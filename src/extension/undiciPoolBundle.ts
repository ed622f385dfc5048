// The extension's HTTP pool: undici's (core/http/undiciHttpPool.ts), bundled as dist/undiciPool.js and loaded when the
// first client is made, so that activation never parses undici (scripts/build.mjs keeps './undiciPool.js' external).
import type { HttpPoolFactory } from '../core/http/httpPool';

type UndiciPoolModule = typeof import('../core/http/undiciHttpPool');
let loaded: UndiciPoolModule | undefined;

export const undiciPoolFromBundle: HttpPoolFactory = (origin, options) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('./undiciPool.js') as UndiciPoolModule;
  return loaded.createUndiciHttpPool(origin, options);
};
