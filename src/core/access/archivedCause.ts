// Cause "archived": matching records the call's active_test leaves out, counted with active_test off (a call the user may make).
import { searchCount } from './accessReads';
import type { AccessCall, ExplainedCause } from './explainTypes';

function mentionsActive(domain: readonly unknown[]): boolean {
  return domain.some((item) => Array.isArray(item) && item[0] === 'active');
}

/** The archived records among the matching ones, when the model has `active` and the call filtered them out. */
export async function archivedCause(
  call: AccessCall,
  model: string,
  fields: Readonly<Record<string, unknown>>,
  domain: readonly unknown[] | undefined,
  context: Readonly<Record<string, unknown>>,
): Promise<ExplainedCause | null> {
  if (!domain || !('active' in fields) || context.active_test === false || mentionsActive(domain)) return null;
  const [all, active] = await Promise.all([
    searchCount(call, model, domain, { ...context, active_test: false }),
    searchCount(call, model, domain, context),
  ]);
  const archived = all - active;
  if (archived <= 0) return null;
  return {
    kind: 'archived',
    certain: true,
    sentence: `${archived} matching ${model} record${archived === 1 ? ' is' : 's are'} archived and left out: add \`active_test: false\` to the context.`,
    count: archived,
    change: { context: { active_test: false } },
  };
}
