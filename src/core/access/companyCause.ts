// Cause "other company": matching records of the user's companies that this call's allowed_company_ids leaves out.
import { quotedList, searchCount } from './accessReads';
import { andDomain } from './requestShape';
import type { AccessCall, CallerIdentity, ExplainedCause } from './explainTypes';

function companyIdsOf(context: Readonly<Record<string, unknown>>): number[] | undefined {
  const ids = context.allowed_company_ids;
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : undefined;
}

/** The call named companies the user may not use (the server's "Access to unauthorized or invalid companies."). */
export function invalidCompanyCause(identity: CallerIdentity, context: Readonly<Record<string, unknown>>): ExplainedCause | null {
  const asked = companyIdsOf(context);
  if (!asked) return null;
  const allowed = new Map(identity.companies.allowed.map((company) => [company.id, company.name]));
  const foreign = asked.filter((id) => !allowed.has(id));
  if (foreign.length === 0) return null;
  const kept = asked.filter((id) => allowed.has(id));
  return {
    kind: 'company',
    certain: true,
    sentence: `\`context.allowed_company_ids\` names compan${foreign.length === 1 ? 'y' : 'ies'} ${foreign.join(', ')}, not among your companies (${quotedList([...allowed.values()])}): remove ${foreign.length === 1 ? 'it' : 'them'}.`,
    names: [...allowed.values()],
    change: { context: { allowed_company_ids: kept.length > 0 ? kept : [identity.companies.current.id] } },
  };
}

/**
 * Counts, per company of the user that the call left out of `allowed_company_ids`, the matching records it holds
 * (search_count with that company added, which the user may do).
 */
export async function otherCompanyCauses(
  call: AccessCall,
  identity: CallerIdentity,
  model: string,
  fields: Readonly<Record<string, unknown>>,
  domain: readonly unknown[] | undefined,
  context: Readonly<Record<string, unknown>>,
): Promise<ExplainedCause[]> {
  const active = companyIdsOf(context);
  if (!active || !domain || !('company_id' in fields)) return [];
  const left = identity.companies.allowed.filter((company) => !active.includes(company.id));
  const causes: ExplainedCause[] = [];
  for (const company of left) {
    const wider = [...active, company.id];
    const count = await searchCount(call, model, andDomain(['company_id', '=', company.id], domain), {
      ...context,
      allowed_company_ids: wider,
    });
    if (count === 0) continue;
    causes.push({
      kind: 'company',
      certain: true,
      sentence: `${count} matching ${model} record${count === 1 ? ' belongs' : 's belong'} to company '${company.name}', not in this call's allowed companies; add it to \`context.allowed_company_ids\` (${JSON.stringify(wider)}).`,
      names: [company.name],
      count,
      change: { context: { allowed_company_ids: wider } },
    });
  }
  return causes;
}
