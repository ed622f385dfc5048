// Helpers of the "explain this answer" tests: calls as a demo user that keep the answer (error or result), group changes by the administrator.
import { Json2Error } from '../../../src/core/client/clientErrors';
import { Json2Client } from '../../../src/core/client/json2Client';
import type { ExplainedAnswer, ExplainedRequest } from '../../../src/core/access/explainTypes';
import type { StartedSandbox } from '../../../src/sandbox/testApi';

export function clientOf(sandbox: StartedSandbox, key: string, database = sandbox.database): Json2Client {
  return new Json2Client({ baseUrl: sandbox.url, apiKey: key, database });
}

/** Sends the request and returns its answer, an error answer included. */
export async function answerOf(client: Json2Client, request: ExplainedRequest): Promise<ExplainedAnswer> {
  try {
    const value = await client.call(request.model, request.method, request.args ?? {}, { ids: request.ids, context: request.context });
    return { kind: 'result', value };
  } catch (error) {
    if (!(error instanceof Json2Error)) throw error;
    return { kind: 'error', status: error.status, name: error.name, message: error.message };
  }
}

/** The id of a group by external id, read by the administrator. */
export async function groupId(admin: Json2Client, xmlId: string): Promise<number> {
  const [module, name] = xmlId.split('.');
  const [row] = await admin.call<{ res_id: number }[]>('ir.model.data', 'search_read', {
    domain: [
      ['model', '=', 'res.groups'],
      ['module', '=', module],
      ['name', '=', name],
    ],
    fields: ['res_id'],
  });
  if (!row) throw new Error(`no group ${xmlId}`);
  return row.res_id;
}

/** Adds (true) or removes (false) the user to or from the group, as the administrator. */
export async function setGroup(admin: Json2Client, userId: number, xmlId: string, member: boolean): Promise<void> {
  const id = await groupId(admin, xmlId);
  await admin.call('res.users', 'write', { vals: { group_ids: [[member ? 4 : 3, id]] } }, { ids: [userId] });
}
