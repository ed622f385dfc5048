// Cause "record rule": the ir.rule rows that apply to the user on the model and operation, and the wider ones of other groups.
import { groupNames, quotedList, searchCount, searchRead } from './accessReads';
import type { AccessCall, CallerIdentity, ExplainedCause } from './explainTypes';
import { type AccessOperation, OPERATION_WORDS } from './requestShape';
import { describeRuleDomain } from './ruleDomainWords';

interface RuleRow {
  id: number;
  name: string | false;
  groups: number[];
  domain_force: string | false;
  global: boolean;
}

const PERMISSION = { read: 'perm_read', write: 'perm_write', create: 'perm_create', unlink: 'perm_unlink' } as const;

/** A global rule on the companies is the company cause's (companyCause.ts). */
function isCompanyRule(rule: RuleRow): boolean {
  return rule.global && /company_ids?\b/.test(String(rule.domain_force || ''));
}

export interface RuleCauseInput {
  readonly model: string;
  readonly operation: AccessOperation;
  /** The records asked for, as a domain (undefined: the request names none). */
  readonly domain: readonly unknown[] | undefined;
  readonly context: Readonly<Record<string, unknown>>;
  /** True when the server refused records (403 on ids), false for an empty or short answer. */
  readonly refused: boolean;
}

function ruleName(rule: RuleRow): string {
  return rule.name || `rule #${rule.id}`;
}

/**
 * Explains what the record rules keep from the user. When the user may not read ir.rule, says so and what an
 * administrator would look at, and shows no domain.
 */
export async function recordRuleCauses(call: AccessCall, identity: CallerIdentity, input: RuleCauseInput): Promise<ExplainedCause[]> {
  const verb = OPERATION_WORDS[input.operation];
  const rows = await searchRead<RuleRow>(
    call,
    'ir.rule',
    [
      ['model_id.model', '=', input.model],
      [PERMISSION[input.operation], '=', true],
    ],
    ['name', 'groups', 'domain_force', 'global'],
  );
  if (rows.denied) {
    return [
      {
        kind: 'unreadable',
        certain: input.refused,
        sentence:
          `You may not read the record rules (ir.rule), so which rule ${input.refused ? 'refused' : 'may hide'} these ${input.model} records cannot be named here; ` +
          `an administrator would look at the record rules of ${input.model} that apply to ${verb} (Settings > Technical > Security > Record Rules) for your groups ${quotedList(identity.groups.map((group) => group.fullName))}.`,
      },
    ];
  }
  const mine = new Set(identity.groups.map((group) => group.id));
  const applying = rows.rows.filter((rule) => !isCompanyRule(rule) && (rule.global || rule.groups.some((id) => mine.has(id))));
  if (applying.length === 0) return [];
  const others = rows.rows.filter((rule) => !rule.global && !rule.groups.some((id) => mine.has(id)));
  const names = await groupNames(call, [...new Set(rows.rows.flatMap((rule) => rule.groups))]);
  const fields = await call<Record<string, { string?: string }>>({
    model: input.model,
    method: 'fields_get',
    args: { attributes: ['string'] },
  });
  const visible = input.domain ? await searchCount(call, input.model, input.domain, input.context) : undefined;
  const wider =
    others.length > 0
      ? ` Rule${others.length === 1 ? '' : 's'} ${quotedList(others.map(ruleName))} of ${quotedList(others.flatMap((rule) => rule.groups.map((id) => names.get(id) ?? `group #${id}`)))} keep${others.length === 1 ? 's' : ''} other records: an administrator can add you to ${others.length === 1 ? 'that group' : 'one of those groups'}.`
      : '';
  return applying.map((rule) => {
    const groups = rule.global
      ? 'global, for every user'
      : `of group ${quotedList(rule.groups.filter((id) => mine.has(id)).map((id) => names.get(id) ?? `group #${id}`))}`;
    const keeps = describeRuleDomain(String(rule.domain_force || '[]'), fields);
    const count =
      visible === undefined ? '' : `: ${visible} matching ${input.model} record${visible === 1 ? ' is' : 's are'} visible to you`;
    return {
      kind: 'recordRule' as const,
      certain: input.refused,
      sentence: `Record rule '${ruleName(rule)}' (${groups}) keeps only ${input.model} records ${keeps} for ${verb}${count}.${rule.global ? '' : wider}`,
      names: [ruleName(rule), ...rule.groups.map((id) => names.get(id) ?? ''), ...others.map(ruleName)],
      ...(visible !== undefined ? { count: visible } : {}),
    };
  });
}
