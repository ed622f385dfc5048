// The CLI bundle's stand-in for the `undici` package: the HTTP transport only needs its connection Pool, and loading
// undici's index (fetch, cookies, WebSocket, mock agents, ...) cost about 40 ms of every `json2 run`.
// scripts/build.mjs points `undici` here for dist/cli.js only.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const Pool = require('undici/lib/dispatcher/pool') as typeof import('undici').Pool;
