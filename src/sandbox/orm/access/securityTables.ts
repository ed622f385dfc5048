// The access-control data of one database, read from its tables: ir.model.access (model rights per group), ir.rule
// (record rules) and the groups of fields (ir_model_fields_group_rel). Loaded once and kept until a change to those
// tables (see SecurityCache); the rule domains are filled in once per user.
import { parseDomain, type DomainNode } from '../domainParser';
import { PerDatabaseLoads } from '../../storage/perDatabaseLoads';
import { DatabaseError, type SqlClient } from '../../storage/sqlClient';
import type { CurrentUser } from './currentUser';
import type { Operation } from './accessRules';
import { parseRuleDomain, ruleDomainFor, type RuleLiteral } from './ruleDomainText';

interface AccessRow {
  groupId: number | null;
  read: boolean;
  write: boolean;
  create: boolean;
  unlink: boolean;
}

interface RuleRow {
  groupIds: readonly number[];
  domain: RuleLiteral;
  read: boolean;
  write: boolean;
  create: boolean;
  unlink: boolean;
}

/** How access errors name a group: `<privilege>/<name>`, or the name of a group without privilege. */
interface GroupName {
  privilege: string | null;
  name: string;
}

const UNDEFINED_TABLE = '42P01';

function groupLabel(group: GroupName): string {
  return group.privilege === null ? group.name : `${group.privilege}/${group.name}`;
}

/** The reference's order of the groups in an access error: by privilege, groups without one last, then by name. */
function byPrivilegeThenName(a: GroupName, b: GroupName): number {
  if (a.privilege !== b.privilege) {
    if (a.privilege === null) return 1;
    if (b.privilege === null) return -1;
    return a.privilege < b.privilege ? -1 : 1;
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export class SecurityTables {
  private readonly ruleDomains = new Map<string, DomainNode | null>();

  private constructor(
    private readonly access: ReadonlyMap<string, readonly AccessRow[]>,
    private readonly rules: ReadonlyMap<string, readonly RuleRow[]>,
    private readonly groupNames: ReadonlyMap<number, GroupName>,
    /** `model.field` → the groups that may use the field (fields without groups are absent). */
    private readonly fieldGroups: ReadonlyMap<string, readonly number[]>,
  ) {}

  static readonly EMPTY = new SecurityTables(new Map(), new Map(), new Map(), new Map());

  /** Reads the tables of the database on `cr` (a database without them has no rights at all). */
  static async load(cr: SqlClient): Promise<SecurityTables> {
    try {
      const access = await cr.query<{
        model: string;
        group_id: number | null;
        perm_read: boolean;
        perm_write: boolean;
        perm_create: boolean;
        perm_unlink: boolean;
      }>(
        'SELECT m.model, a.group_id, a.perm_read, a.perm_write, a.perm_create, a.perm_unlink FROM ir_model_access a JOIN ir_model m ON m.id = a.model_id WHERE a.active',
      );
      const rules = await cr.query<{
        model: string;
        domain_force: string | null;
        group_ids: number[] | null;
        perm_read: boolean;
        perm_write: boolean;
        perm_create: boolean;
        perm_unlink: boolean;
      }>(
        `SELECT m.model, r.domain_force, ARRAY(SELECT g.group_id FROM rule_group_rel g WHERE g.rule_group_id = r.id) AS group_ids,
                r.perm_read, r.perm_write, r.perm_create, r.perm_unlink
           FROM ir_rule r JOIN ir_model m ON m.id = r.model_id WHERE r.active ORDER BY r.id`,
      );
      const groups = await cr.query<{ id: number; name: string; privilege: string | null }>(
        'SELECT g.id, g.name, p.name AS privilege FROM res_groups g LEFT JOIN res_groups_privilege p ON p.id = g.privilege_id',
      );
      const fields = await cr.query<{ key: string; group_ids: number[] }>(
        `SELECT f.model || '.' || f.name AS key, array_agg(rel.group_id ORDER BY rel.group_id) AS group_ids
           FROM ir_model_fields_group_rel rel JOIN ir_model_fields f ON f.id = rel.field_id GROUP BY f.model, f.name`,
      );
      return new SecurityTables(
        groupBy(
          access.rows,
          (row) => row.model,
          (row) => ({
            groupId: row.group_id,
            read: row.perm_read,
            write: row.perm_write,
            create: row.perm_create,
            unlink: row.perm_unlink,
          }),
        ),
        groupBy(
          rules.rows,
          (row) => row.model,
          (row) => ({
            groupIds: (row.group_ids ?? []).map(Number),
            domain: parseRuleDomain(row.domain_force),
            read: row.perm_read,
            write: row.perm_write,
            create: row.perm_create,
            unlink: row.perm_unlink,
          }),
        ),
        new Map(groups.rows.map((row) => [row.id, { privilege: row.privilege, name: row.name }])),
        new Map(fields.rows.map((row) => [row.key, row.group_ids.map(Number)])),
      );
    } catch (error) {
      if (error instanceof DatabaseError && error.code === UNDEFINED_TABLE) return SecurityTables.EMPTY;
      throw error;
    }
  }

  /** True when some active access row grants `operation` on `model` to everybody or to one of the user's groups. */
  hasAccess(model: string, operation: Operation, user: CurrentUser): boolean {
    return (this.access.get(model) ?? []).some((row) => row[operation] && (row.groupId === null || user.groupIds.has(row.groupId)));
  }

  /** Names of the groups of the access rows that grant `operation` on `model`, one per row (for the access error). */
  groupsAllowed(model: string, operation: Operation): string[] {
    return (this.access.get(model) ?? [])
      .filter((row) => row[operation] && row.groupId !== null)
      .map((row) => this.groupName(row.groupId as number))
      .sort(byPrivilegeThenName)
      .map(groupLabel);
  }

  private groupName(id: number): GroupName {
    return this.groupNames.get(id) ?? { privilege: null, name: String(id) };
  }

  /**
   * The record-rule condition of `operation` on `model` for `user`: global rules and-ed, then the rules of the user's
   * groups or-ed (none of them: no group restriction). Null when nothing restricts the user.
   */
  ruleDomain(model: string, operation: Operation, user: CurrentUser): DomainNode | null {
    // The activated companies (the context's allowed_company_ids) change what `company_id`/`company_ids` stand for.
    const key = `${user.id}\u0000${user.companyId}\u0000${user.companyIds.join(',')}\u0000${model}\u0000${operation}`;
    const known = this.ruleDomains.get(key);
    if (known !== undefined) return known;
    const rules = (this.rules.get(model) ?? []).filter((rule) => rule[operation]);
    const parts = rules.filter((rule) => rule.groupIds.length === 0).map((rule) => parseDomain(ruleDomainFor(rule.domain, user)));
    const grouped = rules
      .filter((rule) => rule.groupIds.some((group) => user.groupIds.has(group)))
      .map((rule) => parseDomain(ruleDomainFor(rule.domain, user)));
    if (grouped.length > 0) parts.push(grouped.length === 1 ? grouped[0] : { kind: 'or', children: grouped });
    const domain: DomainNode | null = parts.length === 0 ? null : parts.length === 1 ? parts[0] : { kind: 'and', children: parts };
    this.ruleDomains.set(key, domain);
    return domain;
  }

  /** Whether `user` may use the field `field` of `model` (a field without groups is for everybody). */
  fieldAllowed(model: string, field: string, user: CurrentUser): boolean {
    const groups = this.fieldGroups.get(`${model}.${field}`);
    return groups === undefined || groups.some((group) => user.groupIds.has(group));
  }

  /** Names of the groups of the field (for the access error). */
  fieldGroupNames(model: string, field: string): string[] {
    return (this.fieldGroups.get(`${model}.${field}`) ?? []).map((group) => groupLabel(this.groupName(group)));
  }
}

function groupBy<R, T>(rows: readonly R[], keyOf: (row: R) => string, valueOf: (row: R) => T): Map<string, T[]> {
  const result = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = result.get(key);
    if (list) list.push(valueOf(row));
    else result.set(key, [valueOf(row)]);
  }
  return result;
}

/** Models whose changes change the access-control data (the tables are read again after them). */
export const SECURITY_MODELS: ReadonlySet<string> = new Set([
  'ir.model.access',
  'ir.rule',
  'res.groups',
  'res.groups.privilege',
  'ir.model',
  'ir.model.fields',
  'res.users',
  'res.company',
]);

/** The access-control data of each database, read on first use and again after a change. */
export class SecurityCache {
  private readonly loads = new PerDatabaseLoads((cr) => SecurityTables.load(cr));

  get(database: string): SecurityTables {
    return this.loads.peek(database) ?? SecurityTables.EMPTY;
  }

  ensure(database: string, cr: SqlClient): Promise<SecurityTables> {
    return this.loads.ensure(database, cr);
  }

  forget(database: string): void {
    this.loads.forget(database);
  }
}
