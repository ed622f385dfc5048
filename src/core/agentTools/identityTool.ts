// The "who am I" tool: who a connection's key acts as, read with the key's own rights (core/access/identity.ts).
import { readIdentity } from '../access/identity';
import type { AgentSession } from './agentSession';
import { withServerData } from './serverData';

/** json2_whoami: the user, groups by application, companies, language, time zone and key record of a connection. */
export async function whoami(session: AgentSession, input: { connection?: string }, signal?: AbortSignal): Promise<unknown> {
  const client = await session.client(input.connection);
  const identity = await readIdentity((call) => client.call(call), {
    database: client.profile.database ?? null,
    ...(signal ? { signal } : {}),
  });
  return withServerData(['identity'], { connection: client.profile.name, identity });
}
