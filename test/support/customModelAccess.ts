// As on the reference, nobody (the administrator included) may use the records of a new custom model until an
// ir.model.access row grants it: tests that use such records grant settings administrators every right first.
import type { StartedSandbox } from '../../src/sandbox/testApi';
import { ok } from './sandboxHttp';

/** The id of a group from its external id (`base.group_system`). */
export async function groupId(sandbox: StartedSandbox, xmlId: string): Promise<number> {
  const [module, name] = xmlId.split('.');
  const [row] = await ok<Array<{ res_id: number }>>(sandbox, 'ir.model.data', 'search_read', {
    domain: [
      ['module', '=', module],
      ['name', '=', name],
      ['model', '=', 'res.groups'],
    ],
    fields: ['res_id'],
  });
  return row.res_id;
}

/** Gives the group `group` (settings administrators by default) every right on the records of model `model`. */
export async function grantModelAccess(sandbox: StartedSandbox, model: string, group = 'base.group_system'): Promise<void> {
  const [modelId] = await ok<number[]>(sandbox, 'ir.model', 'search', { domain: [['model', '=', model]] });
  await ok(sandbox, 'ir.model.access', 'create', {
    vals_list: [
      {
        name: `${model} for ${group}`,
        model_id: modelId,
        group_id: await groupId(sandbox, group),
        perm_read: true,
        perm_write: true,
        perm_create: true,
        perm_unlink: true,
      },
    ],
  });
}
