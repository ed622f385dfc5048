// Preloaded into every unit test process (scripts/runUnitTests.mjs): the core clients' HTTP pool, chosen as a program's
// entry point chooses it. Undici's (the extension's) by default; JSON2_TEST_HTTP_POOL=node:http runs them on the
// command line's. test/unit/client/httpPoolContract.test.ts runs both whatever this says.
import { chooseHttpPool } from '../../src/core/http/httpPoolChoice';
import type { HttpPoolFactory } from '../../src/core/http/httpPool';

// The pool's module (undici: about 0.1 s of CPU) loads on the first request, not in the many test files that send none.
function nodeHttpPool(...args: Parameters<HttpPoolFactory>): ReturnType<HttpPoolFactory> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pool = require('../../src/core/http/nodeHttpPool') as typeof import('../../src/core/http/nodeHttpPool');
  return pool.createNodeHttpPool(...args);
}

function undiciHttpPool(...args: Parameters<HttpPoolFactory>): ReturnType<HttpPoolFactory> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pool = require('../../src/core/http/undiciHttpPool') as typeof import('../../src/core/http/undiciHttpPool');
  return pool.createUndiciHttpPool(...args);
}

const wanted = process.env.JSON2_TEST_HTTP_POOL ?? 'undici';
if (wanted === 'node:http') chooseHttpPool('node:http', nodeHttpPool);
else if (wanted === 'undici') chooseHttpPool('undici', undiciHttpPool);
else throw new Error(`JSON2_TEST_HTTP_POOL is '${wanted}'; it is 'undici' (the default) or 'node:http'.`);
