// Reads a partner's comment straight from the sandbox (not through the tools under test), to see what a write changed.
import type { StartedSandbox } from '../../../src/sandbox/testApi';

export async function partnerComment(sandbox: StartedSandbox, id: number): Promise<unknown> {
  const answer = await fetch(`${sandbox.url}/json/2/res.partner/read`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.keys.admin}`, 'content-type': 'application/json', 'x-service-database': sandbox.database },
    body: JSON.stringify({ ids: [id], fields: ['comment'] }),
  });
  return ((await answer.json()) as { comment: unknown }[])[0].comment;
}
