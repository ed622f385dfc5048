// The extension bundle's stand-in for the `undici` package: the HTTP transport needs its connection Pool, and the
// database manager's streamed backup needs the dispatcher's `request` (undici's api mixin); the rest of undici's index
// (fetch, WebSocket, cookies, caches, mock agents, ...) is never used. scripts/build.mjs points `undici` here for
// dist/extension.js only; the tests and the sandbox use the package itself.
/* eslint-disable @typescript-eslint/no-require-imports */
const Dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(Dispatcher.prototype, require('undici/lib/api') as object);

export const Pool = require('undici/lib/dispatcher/pool') as typeof import('undici').Pool;
