// Cause "no access right": which ir.model.access rows give the operation on the model, to which groups.
import { groupNames, many2one, quotedList, searchRead } from './accessReads';
import type { AccessCall, CallerIdentity, ExplainedCause } from './explainTypes';
import { type AccessOperation, OPERATION_WORDS } from './requestShape';

interface AccessRow {
  id: number;
  name: string;
  group_id: unknown;
  perm_read: boolean;
  perm_write: boolean;
  perm_create: boolean;
  perm_unlink: boolean;
}

const PERMISSION = { read: 'perm_read', write: 'perm_write', create: 'perm_create', unlink: 'perm_unlink' } as const;

/** Groups the server's access error lists ("This operation is allowed for the following groups: - a - b"). */
function groupsOfError(message: string): string[] {
  const part = message.split('allowed for the following groups:')[1];
  if (!part) return [];
  return part
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim());
}

/**
 * The user's groups an access error is about: those of the application (privilege) of the allowed groups, else the
 * groups the user was given (not the implied ones).
 */
function relevantGroups(identity: CallerIdentity, allowed: readonly string[]): CallerIdentity['groups'] {
  const applications = new Set(allowed.map((name) => name.split('/')[0].trim()));
  const same = identity.groups.filter((group) => group.privilege && applications.has(group.privilege));
  if (same.length > 0) return same;
  const given = identity.groups.filter((group) => !group.implied);
  return given.length > 0 ? given : identity.groups;
}

/** "group 'A'" / "groups 'A' and 'B'" / "you (you are in no group)". */
function groupsWord(identity: Pick<CallerIdentity, 'groups'>): string {
  const names = identity.groups.map((group) => group.fullName);
  return names.length === 0 ? 'you (you are in no group)' : `group${names.length === 1 ? '' : 's'} ${quotedList(names)}`;
}

/**
 * Explains a refused operation by the access rights: none of the user's groups has one that gives it. Null when one
 * does (the refusal came from elsewhere).
 */
export async function accessRightCause(
  call: AccessCall,
  identity: CallerIdentity,
  model: string,
  operation: AccessOperation,
  errorMessage: string,
): Promise<ExplainedCause | null> {
  const verb = OPERATION_WORDS[operation];
  const rows = await searchRead<AccessRow>(
    call,
    'ir.model.access',
    [['model_id.model', '=', model]],
    ['name', 'group_id', 'perm_read', 'perm_write', 'perm_create', 'perm_unlink'],
  );
  if (rows.denied) {
    const allowed = groupsOfError(errorMessage);
    const fix =
      allowed.length > 0
        ? `the server's error says group${allowed.length === 1 ? '' : 's'} ${quotedList(allowed)} may: an administrator can add you to ${allowed.length === 1 ? 'it' : 'one of them'}`
        : 'the server says no group may: an administrator must add an access right';
    return {
      kind: 'accessRight',
      certain: true,
      sentence:
        `No access right gives ${groupsWord({ groups: relevantGroups(identity, allowed) })} ${verb} on ${model}; ${fix}. ` +
        `(You may not read the access rights, ir.model.access, so the right itself cannot be named: an administrator would look at those of ${model} in Settings > Technical > Security > Access Rights.)`,
      names: [...identity.groups.map((group) => group.fullName), ...allowed],
    };
  }
  const mine = new Set(identity.groups.map((group) => group.id));
  const granting = rows.rows.filter((row) => row[PERMISSION[operation]]);
  const grantsMe = granting.some((row) => {
    const group = many2one(row.group_id);
    return group === undefined || mine.has(group.id);
  });
  if (grantsMe) return null;
  const myGroupsOnModel = identity.groups.filter((group) => rows.rows.some((row) => many2one(row.group_id)?.id === group.id));
  const whose = myGroupsOnModel.length > 0 ? myGroupsOnModel : identity.groups;
  const who = groupsWord({ groups: whose });
  const grantingGroups = [...new Set(granting.map((row) => many2one(row.group_id)?.id).filter((id): id is number => id !== undefined))];
  const names = await groupNames(call, grantingGroups);
  const fix =
    granting.length === 0
      ? `no access right gives ${verb} on ${model} to any group: an administrator must add one.`
      : `access right${granting.length === 1 ? '' : 's'} ${quotedList(granting.map((row) => row.name))} give${granting.length === 1 ? 's' : ''} it to ${quotedList([...names.values()])}: an administrator can add you to ${granting.length === 1 ? 'that group' : 'one of them'}.`;
  return {
    kind: 'accessRight',
    certain: true,
    sentence: `No access right gives ${who} ${verb} on ${model}; ${fix}`,
    names: [...whose.map((group) => group.fullName), ...granting.map((row) => row.name), ...names.values()],
  };
}
