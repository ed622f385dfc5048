// Preloaded into every unit test process (scripts/runUnitTests.mjs): the core clients' HTTP pool, chosen as a program's
// entry point chooses it. Undici's (the extension's) by default; JSON2_TEST_HTTP_POOL=node:http runs them on the
// command line's. test/unit/client/httpPoolContract.test.ts runs both whatever this says.
import { chooseHttpPool } from '../../src/core/http/httpPoolChoice';
import { createNodeHttpPool } from '../../src/core/http/nodeHttpPool';
import { createUndiciHttpPool } from '../../src/core/http/undiciHttpPool';

const wanted = process.env.JSON2_TEST_HTTP_POOL ?? 'undici';
if (wanted === 'node:http') chooseHttpPool('node:http', createNodeHttpPool);
else if (wanted === 'undici') chooseHttpPool('undici', createUndiciHttpPool);
else throw new Error(`JSON2_TEST_HTTP_POOL is '${wanted}'; it is 'undici' (the default) or 'node:http'.`);
