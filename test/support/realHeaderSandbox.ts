// A sandbox that picks databases as a real Odoo server (--database-header real) and hosts two: demo and its copy made
// with the database manager (same keys, as an Odoo.sh staging copy), one partner's city differing between the two.
import { DatabaseManagerClient } from '../../src/core/client/databaseManagerClient';
import { Json2Client } from '../../src/core/client/json2Client';
import type { StartedSandbox, StartSandboxOptions } from '../../src/sandbox/testApi';

export const COPY_DATABASE = 'copy';
/** The partner read by the tests, and its city in each database. */
export const PARTNER = 'Brouwerij De Kroon';
export const COPY_CITY = 'Copyville';

export interface RealHeaderSandbox {
  readonly sandbox: StartedSandbox;
  /** The partner's city in demo (its demo data). */
  readonly demoCity: string;
}

/** The request that reads the partner's city, as a `.json2` block (`extraHeaders` go under the request line). */
export function cityRequest(extraHeaders = ''): string {
  return `POST res.partner/search_read\n${extraHeaders}{ "domain": [["name", "=", "${PARTNER}"]], "fields": ["city"] }\n`;
}

/**
 * Starts the sandbox in the real-header mode with `start` (the test API's `startSandbox`, or the host suites' loader),
 * duplicates demo as `copy` and changes the partner's city there.
 */
export async function startRealHeaderSandbox(
  start: (options: StartSandboxOptions) => Promise<StartedSandbox>,
  options: Omit<StartSandboxOptions, 'databaseHeader'> = {},
): Promise<RealHeaderSandbox> {
  const sandbox = await start({ ...options, databaseHeader: 'real' });
  try {
    const manager = new DatabaseManagerClient({ baseUrl: sandbox.url, masterPassword: sandbox.masterPassword });
    await manager.duplicate(sandbox.database, COPY_DATABASE);
    await manager.close();
    const [demo, copy] = [sandbox.database, COPY_DATABASE].map(
      (database) => new Json2Client({ baseUrl: sandbox.url, apiKey: sandbox.keys.admin, database, databaseHeader: 'X-Odoo-Database' }),
    );
    const domain = [['name', '=', PARTNER]];
    const [record] = await demo.call<{ id: number; city: string }[]>('res.partner', 'search_read', { domain, fields: ['city'] });
    await copy.call('res.partner', 'write', { vals: { city: COPY_CITY } }, { ids: [record.id] });
    await Promise.all([demo.close(), copy.close()]);
    if (record.city === COPY_CITY) throw new Error(`the demo data's ${PARTNER} is in ${COPY_CITY} already`);
    return { sandbox, demoCity: record.city };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}
