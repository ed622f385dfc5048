// Part 1's access rights, written as the rows of the reference server's access tables (model access per group,
// record rules) so that part 2 can move them into the database unchanged.
import type { CurrentUser } from './currentUser';
import { GROUP_API_CONTACTS, GROUP_ERP_MANAGER, GROUP_SYSTEM, GROUP_USER } from './currentUser';

export type Operation = 'read' | 'write' | 'create' | 'unlink';

export const OPERATIONS: readonly Operation[] = ['read', 'write', 'create', 'unlink'];

/** One `ir.model.access` row: `group` null means every user. */
export interface ModelAccessRow {
  model: string;
  group: string | null;
  read: boolean;
  write: boolean;
  create: boolean;
  unlink: boolean;
}

/** One `ir.rule` row: no groups means a global rule (always applied). */
export interface RecordRuleRow {
  model: string;
  groups: string[];
  operations: Operation[];
  domain: (user: CurrentUser) => unknown[];
}

const row = (model: string, group: string | null, rights: string): ModelAccessRow => ({
  model, group, read: rights.includes('r'), write: rights.includes('w'), create: rights.includes('c'), unlink: rights.includes('u'),
});

export const MODEL_ACCESS: readonly ModelAccessRow[] = [
  row('res.partner', GROUP_USER, 'rwcu'),
  row('res.partner', GROUP_API_CONTACTS, 'r'),
  row('res.partner.category', GROUP_USER, 'rwcu'),
  row('res.partner.category', GROUP_API_CONTACTS, 'r'),
  row('res.currency', null, 'r'),
  row('res.currency', GROUP_SYSTEM, 'rwcu'),
  row('sandbox.wide', GROUP_USER, 'rwcu'),
  row('sandbox.wide.line', GROUP_USER, 'rwcu'),
  row('res.country', null, 'r'),
  row('res.country', GROUP_SYSTEM, 'rwcu'),
  row('res.lang', null, 'r'),
  row('res.lang', GROUP_SYSTEM, 'rwcu'),
  row('res.company', null, 'r'),
  row('res.company', GROUP_ERP_MANAGER, 'rwcu'),
  row('res.users', GROUP_USER, 'r'),
  row('res.users', GROUP_ERP_MANAGER, 'rwcu'),
  row('res.groups', GROUP_USER, 'r'),
  row('res.groups', GROUP_ERP_MANAGER, 'rwcu'),
  row('ir.config_parameter', GROUP_SYSTEM, 'rwcu'),
  row('ir.model.data', GROUP_USER, 'r'),
  row('ir.model.data', GROUP_SYSTEM, 'rwcu'),
  // Keys are made by their own methods only (generic create is refused): reading and deleting are the rights here.
  row('res.users.apikeys', GROUP_USER, 'ru'),
  row('res.users.apikeys', GROUP_SYSTEM, 'ru'),
  row('ir.model', GROUP_USER, 'r'),
  row('ir.model', GROUP_SYSTEM, 'rwcu'),
  row('ir.model.fields', GROUP_USER, 'r'),
  row('ir.model.fields', GROUP_SYSTEM, 'rwcu'),
  row('ir.ui.view', GROUP_USER, 'r'),
  row('ir.ui.view', GROUP_SYSTEM, 'rwcu'),
  row('ir.model.access', GROUP_USER, 'r'),
  row('ir.model.access', GROUP_SYSTEM, 'rwcu'),
];

const ALL_OPERATIONS: Operation[] = ['read', 'write', 'create', 'unlink'];

export const RECORD_RULES: readonly RecordRuleRow[] = [
  { model: 'res.users.apikeys', groups: [GROUP_USER], operations: ALL_OPERATIONS, domain: (user) => [['user_id', '=', user.id]] },
  { model: 'res.users.apikeys', groups: [GROUP_SYSTEM], operations: ALL_OPERATIONS, domain: () => [] },
];

/** Labels of the groups, for access error messages. */
export const GROUP_LABELS: Record<string, string> = {
  [GROUP_SYSTEM]: 'Administration/Settings',
  [GROUP_ERP_MANAGER]: 'Administration/Access Rights',
  [GROUP_USER]: 'Role / User',
  [GROUP_API_CONTACTS]: 'API / Contacts (read only)',
};
