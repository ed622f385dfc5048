// Reads a pasted snippet's deprecated RPC calls (xmlrpc.client's execute_kw, JSON-RPC bodies) with the migration
// assistant: the same finding and plan as `json2 migrate`, written as pasted requests.
import { json2BodyWriter, json2PlanBody } from '../migrate/json2RequestWriter';
import { type SourceExpr, stringOf } from '../migrate/legacyCall';
import { analyseSource } from '../migrate/migrationAnalysis';
import { requestDatabaseHeader } from '../client/databaseSelection';
import type { PasteResult, PastedRequest } from './pastedRequest';
import { literalText } from './snippetBody';

/** The JSON-2 requests replacing the snippet's deprecated calls (login and version calls need none: they are left out). */
export function readLegacyCalls(text: string, fileName: string, language: string): PasteResult {
  const calls = analyseSource(text, fileName);
  const requests: (PastedRequest & { service: string })[] = [];
  const reasons: string[] = [];
  for (const { site, finding } of calls) {
    const plan = finding.conversion?.plan;
    if (!plan || plan.kind === 'manager' || (plan.kind === 'route' && plan.verb !== 'GET')) {
      if (site.service === 'object')
        reasons.push(
          `${finding.call}${finding.model ? ` on ${finding.model}` : ''}: ${finding.reason ?? 'it has no JSON-2 request equivalent.'}`,
        );
      continue;
    }
    if (plan.kind === 'route') continue;
    const writer = json2BodyWriter();
    const body = json2PlanBody(plan, writer);
    const databaseName = literalOf(text, plan.database);
    const password = site.service === 'object' ? literalOf(text, site.args?.[2]) : undefined;
    const base = site.baseUrl ? literalText(site.baseUrl) : undefined;
    requests.push({
      service: site.service,
      source: `${language} ${site.transport === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'}`,
      target: { kind: 'json2', model: plan.model, method: plan.method },
      body,
      prompts: writer.prompts,
      notes: finding.conversion?.notes ?? [],
      baseUrl: base?.replace(/\/+$/, ''),
      database: databaseName === undefined ? undefined : { header: requestDatabaseHeader(), name: databaseName },
      apiKey: password,
    });
  }
  // A login before model calls (common.authenticate) is the connection's business: only the model calls are pasted.
  const modelCalls = requests.filter((request) => request.service === 'object');
  const kept = modelCalls.length > 0 ? modelCalls : requests;
  if (kept.length > 0) return { ok: true, requests: kept.map(({ service: _service, ...request }) => request) };
  if (reasons.length > 0) return { ok: false, reason: reasons[0] };
  return {
    ok: false,
    reason: `no JSON-2 call, ${language} requests/fetch call to /json/2/… nor deprecated execute_kw call was found in the ${language} code.`,
  };
}

/** A string argument's value, also through a variable the snippet assigns a string literal (`db = "acme"`). */
function literalOf(text: string, expr: SourceExpr | undefined): string | undefined {
  const value = stringOf(expr);
  if (value !== undefined || !expr || !/^[A-Za-z_$][\w$]*$/.test(expr.text)) return value;
  const assignments = [
    ...text
      .slice(0, expr.start)
      .matchAll(
        new RegExp(
          `^[^\\S\\n]*(?:(?:const|let|var)\\s+)?\\$?${expr.text.replace(/\$/g, '\\$')}[^\\S\\n]*=[^\\S\\n]*(["'])([^"'\\\\\\n]*)\\1[^\\S\\n]*;?[^\\S\\n]*$`,
          'gm',
        ),
      ),
  ];
  return assignments.pop()?.[2];
}
