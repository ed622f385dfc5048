// The access rights every new database starts with: the ir.model.access rows (model rights per group) and ir.rule rows
// (record rules) written into it (models/metaModelSync.ts). From then on the database's rows decide; these are data.
import {
  GROUP_ACCOUNT_MANAGER,
  GROUP_API_CONTACTS,
  GROUP_ERP_MANAGER,
  GROUP_SALE_MANAGER,
  GROUP_SALE_SALESMAN,
  GROUP_SALE_SALESMAN_ALL,
  GROUP_SYSTEM,
  GROUP_USER,
} from './currentUser';

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

/** One `ir.rule` row: no groups means a global rule (always applied); `domain` is the Python text of domain_force. */
export interface RecordRuleRow {
  name: string;
  model: string;
  groups: string[];
  operations: Operation[];
  domain: string;
}

const row = (model: string, group: string | null, rights: string): ModelAccessRow => ({
  model,
  group,
  read: rights.includes('r'),
  write: rights.includes('w'),
  create: rights.includes('c'),
  unlink: rights.includes('u'),
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
  // Not recorded: internal users read privileges and applications as they read groups (a group's full name is the
  // server's own either way).
  row('res.groups.privilege', GROUP_USER, 'r'),
  row('res.groups.privilege', GROUP_ERP_MANAGER, 'rwcu'),
  row('ir.module.category', GROUP_USER, 'r'),
  row('ir.module.category', GROUP_SYSTEM, 'rwcu'),
  row('ir.config_parameter', GROUP_SYSTEM, 'rwcu'),
  row('ir.model.data', GROUP_USER, 'r'),
  row('ir.model.data', GROUP_ERP_MANAGER, 'rwcu'),
  // Keys are made and removed by their own methods only (generic create and unlink are refused to everyone, as on the
  // reference: `res.users.apikeys/remove` deletes them); the identity-check wizard and the key wizard of the reference.
  row('res.users.apikeys', GROUP_USER, 'r'),
  row('res.users.identitycheck', GROUP_USER, 'rwc'),
  row('res.users.apikeys.description', GROUP_USER, 'rc'),
  // The models and the access rights are the Access Rights group's (as the reference's base module grants them).
  row('ir.model', GROUP_USER, 'r'),
  row('ir.model', GROUP_ERP_MANAGER, 'rwcu'),
  row('ir.model.fields', GROUP_USER, 'r'),
  row('ir.model.fields', GROUP_ERP_MANAGER, 'rwcu'),
  row('ir.ui.view', GROUP_USER, 'r'),
  row('ir.ui.view', GROUP_SYSTEM, 'rwcu'),
  // The access rights and the record rules are read by the Access Rights group only (19.0's base module grants internal
  // users nothing on ir.model.access and ir.rule).
  row('ir.model.access', GROUP_ERP_MANAGER, 'rwcu'),
  row('ir.rule', GROUP_ERP_MANAGER, 'rwcu'),
  // Sales, as the reference's sale, product, uom and account modules grant them: internal users read the catalog and
  // the taxes; salespeople sell (no deleting orders); sales administrators configure the catalog; accountants the taxes.
  row('ir.sequence', GROUP_USER, 'r'),
  row('ir.sequence', GROUP_SYSTEM, 'rwcu'),
  ...['product.category', 'uom.uom', 'product.template', 'product.product'].flatMap((model) => [
    row(model, GROUP_USER, 'r'),
    row(model, GROUP_SALE_MANAGER, 'rwcu'),
  ]),
  row('account.tax', GROUP_USER, 'r'),
  row('account.tax', GROUP_ACCOUNT_MANAGER, 'rwcu'),
  row('sale.order', GROUP_SALE_SALESMAN, 'rwc'),
  row('sale.order', GROUP_SALE_MANAGER, 'rwcu'),
  row('sale.order.line', GROUP_SALE_SALESMAN, 'rwcu'),
  row('sale.order.line', GROUP_SALE_MANAGER, 'rwcu'),
];

const ALL_OPERATIONS: Operation[] = ['read', 'write', 'create', 'unlink'];

export const RECORD_RULES: readonly RecordRuleRow[] = [
  {
    name: 'res.users.apikeys: own keys',
    model: 'res.users.apikeys',
    groups: [GROUP_USER],
    operations: ALL_OPERATIONS,
    domain: "[('user_id', '=', user.id)]",
  },
  {
    name: 'res.users.apikeys: all keys for settings',
    model: 'res.users.apikeys',
    groups: [GROUP_SYSTEM],
    operations: ALL_OPERATIONS,
    domain: "[(1, '=', 1)]",
  },
  // Wizards are their creator's only (the reference's rule for every transient model).
  ...['res.users.identitycheck', 'res.users.apikeys.description'].map((model) => ({
    name: `${model}: own wizards`,
    model,
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "[('create_uid', '=', user.id)]",
  })),
  // Multi-company: a contact of another company is invisible (global rules bind every user, administrators included).
  {
    name: 'res.partner: multi-company',
    model: 'res.partner',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]",
  },
  {
    name: 'res.company: allowed companies',
    model: 'res.company',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "[('id', 'in', company_ids)]",
  },
  {
    name: 'Personal Orders',
    model: 'sale.order',
    groups: [GROUP_SALE_SALESMAN],
    operations: ALL_OPERATIONS,
    domain: "['|', ('user_id', '=', user.id), ('user_id', '=', False)]",
  },
  { name: 'All Orders', model: 'sale.order', groups: [GROUP_SALE_SALESMAN_ALL], operations: ALL_OPERATIONS, domain: "[(1, '=', 1)]" },
  {
    name: 'Sales Order multi-company',
    model: 'sale.order',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "[('company_id', 'in', company_ids)]",
  },
  {
    name: 'Personal Order Lines',
    model: 'sale.order.line',
    groups: [GROUP_SALE_SALESMAN],
    operations: ALL_OPERATIONS,
    domain: "['|', ('salesman_id', '=', user.id), ('salesman_id', '=', False)]",
  },
  {
    name: 'All Orders Lines',
    model: 'sale.order.line',
    groups: [GROUP_SALE_SALESMAN_ALL],
    operations: ALL_OPERATIONS,
    domain: "[(1, '=', 1)]",
  },
  {
    name: 'Sales Order Line multi-company',
    model: 'sale.order.line',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "[('company_id', 'in', company_ids)]",
  },
  {
    name: 'Product multi-company',
    model: 'product.template',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]",
  },
  {
    name: 'Product Variant multi-company',
    model: 'product.product',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "['|', ('company_id', '=', False), ('company_id', 'in', company_ids)]",
  },
  {
    name: 'Tax multi-company',
    model: 'account.tax',
    groups: [],
    operations: ALL_OPERATIONS,
    domain: "[('company_id', 'in', company_ids)]",
  },
];
