// Explains an answer (a 403, a 401, an empty list, records lacking a requested field) from what the calling user may
// read of the access model: one sentence per cause, each naming the right, rule, group or company and what would change it.
import { Json2Error } from '../client/clientErrors';
import { accessRightCause } from './accessRightCause';
import { fieldsOf } from './accessReads';
import { archivedCause } from './archivedCause';
import { invalidCompanyCause, otherCompanyCauses } from './companyCause';
import { databaseCause, type OtherDatabases } from './databaseCause';
import type { AccessCall, CallerIdentity, ExplainedAnswer, ExplainedCause, ExplainedRequest, Explanation } from './explainTypes';
import { fieldGroupCauses } from './fieldGroupCause';
import { recordRuleCauses } from './recordRuleCause';
import { domainOf, fieldsOfError, missingFields, operationOf, situationOf } from './requestShape';

export interface ExplainOptions {
  /** Calls as the same user on the same database. */
  readonly call: AccessCall;
  /** Reads who the user is (the identity module); not asked for a 401, whose key works nowhere on that database. */
  readonly identity: () => Promise<CallerIdentity>;
  /** For a 401: the server's other databases, to find where the key belongs. */
  readonly databases?: OtherDatabases;
}

const RULE_ERROR = /top-secret records|doesn't have '\w+' access to/;
const MODEL_ERROR = /not allowed to (access|modify|create|delete|read|write)/;

function callerOf(identity: CallerIdentity, database: string | undefined): string {
  return `${identity.user.name} (${identity.user.login}, id ${identity.user.id})${database ? ` on database '${database}'` : ''}`;
}

async function knownFields(call: AccessCall, model: string): Promise<Readonly<Record<string, unknown>>> {
  const fields = await fieldsOf(call, model);
  return fields.denied ? {} : fields.rows;
}

async function deniedCauses(
  options: ExplainOptions,
  identity: CallerIdentity,
  request: ExplainedRequest,
  message: string,
): Promise<ExplainedCause[]> {
  const context = request.context ?? {};
  const operation = operationOf(request.method);
  if (/unauthorized or invalid companies/.test(message)) return [invalidCompanyCause(identity, context)].filter((cause) => cause !== null);
  const fields = fieldsOfError(message);
  if (fields.length > 0)
    return fieldGroupCauses(options.call, request.model, fields, await knownFields(options.call, request.model), message);
  if (MODEL_ERROR.test(message)) {
    const cause = await accessRightCause(options.call, identity, request.model, operation, message);
    if (cause) return [cause];
  }
  if (RULE_ERROR.test(message)) {
    const domain = domainOf(request);
    const known = await knownFields(options.call, request.model);
    const companies = await otherCompanyCauses(options.call, identity, request.model, known, domain, context);
    const rules = await recordRuleCauses(options.call, identity, { model: request.model, operation, domain, context, refused: true });
    return [...companies, ...rules];
  }
  return [];
}

async function emptyCauses(options: ExplainOptions, identity: CallerIdentity, request: ExplainedRequest): Promise<ExplainedCause[]> {
  const context = request.context ?? {};
  const domain = domainOf(request);
  const modelFields = await fieldsOf(options.call, request.model);
  if (modelFields.denied) return [];
  const known = modelFields.rows;
  const archived = await archivedCause(options.call, request.model, known, domain, context);
  const companies = await otherCompanyCauses(options.call, identity, request.model, known, domain, context);
  const certain = [...(archived ? [archived] : []), ...companies];
  // Record rules can only be a possible cause (what they hide cannot be counted): named when nothing certain is found.
  if (certain.length > 0) return certain;
  return recordRuleCauses(options.call, identity, {
    model: request.model,
    operation: operationOf(request.method),
    domain,
    context,
    refused: false,
  });
}

/** The explanation of `answer` to `request`, from reads the calling user may make. */
export async function explainAnswer(request: ExplainedRequest, answer: ExplainedAnswer, options: ExplainOptions): Promise<Explanation> {
  const situation = situationOf(request, answer);
  if (situation === 'unauthorized') {
    const cause = await databaseCause(request.database, options.databases);
    return { situation, causes: [cause], summary: cause.sentence };
  }
  if (situation === 'answered')
    return { situation, causes: [], summary: 'The call answered records with every field asked for: there is nothing to explain.' };
  const identity = await options.identity();
  const caller = callerOf(identity, request.database);
  let causes: ExplainedCause[];
  try {
    if (situation === 'denied') causes = await deniedCauses(options, identity, request, answer.kind === 'error' ? answer.message : '');
    else if (situation === 'missingField')
      causes = await fieldGroupCauses(
        options.call,
        request.model,
        missingFields(request, answer),
        await knownFields(options.call, request.model),
      );
    else causes = await emptyCauses(options, identity, request);
  } catch (error) {
    if (error instanceof Json2Error) throw new Error(`The explanation's own reads failed: ${error.message}`, { cause: error });
    throw error;
  }
  const summary =
    causes.length === 0
      ? situation === 'empty'
        ? `Nothing the access model does hides matching records from ${caller}: no record matches the request.`
        : `The access model you may read does not explain this answer (the call ran as ${caller}).`
      : `The call ran as ${caller}.`;
  return { situation, caller, causes, summary };
}

/** The explanation as text: the caller, then one line per cause (possible causes marked). */
export function explanationText(explanation: Explanation): string {
  const lines = [explanation.summary];
  for (const cause of explanation.causes) lines.push(`- ${cause.certain ? '' : 'Possibly: '}${cause.sentence}`);
  return lines.join('\n');
}
