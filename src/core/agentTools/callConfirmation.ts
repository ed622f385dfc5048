// What a person is asked to confirm before an agent's method call: model, method, the record ids wherever the input
// puts them (`ids`, or `ids` among the named arguments) and the arguments, the values to be written, as sent.

/** Ids shown one by one; more are counted. */
const SHOWN_IDS = 30;
/** Characters of the arguments' JSON shown; more are counted. */
const SHOWN_ARGUMENT_CHARS = 3_000;

export interface AgentCallSummary {
  readonly model: string;
  readonly method: string;
  /** Every record id the call names, from `ids` then from the arguments' `ids`; empty for a model-level call. */
  readonly ids: readonly unknown[];
  /** The ids as shown (`7, 8, 9`, at most 30 and then how many more); undefined when there are none. */
  readonly idsText: string | undefined;
  /** The named arguments other than `ids` (the values to be written) as JSON, cut with a note; undefined when none. */
  readonly argumentsText: string | undefined;
  /** The context as JSON, cut likewise; undefined when none. */
  readonly contextText: string | undefined;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function shownJson(value: Record<string, unknown> | undefined): string | undefined {
  if (!value || Object.keys(value).length === 0) return undefined;
  const text = JSON.stringify(value);
  if (text.length <= SHOWN_ARGUMENT_CHARS) return text;
  return `${text.slice(0, SHOWN_ARGUMENT_CHARS)}… (${(text.length - SHOWN_ARGUMENT_CHARS).toLocaleString('en-US')} more characters not shown)`;
}

/** The call an agent's `json2_call_method` input makes, as a person should see it before it is sent. */
export function summarizeAgentCall(input: Readonly<Record<string, unknown>>): AgentCallSummary {
  const args = record(input.args);
  const ids = [
    ...(Array.isArray(input.ids) ? input.ids : []),
    ...(args && Object.hasOwn(args, 'ids') ? (Array.isArray(args.ids) ? args.ids : [args.ids]) : []),
  ];
  const rest = args && Object.fromEntries(Object.entries(args).filter(([name]) => name !== 'ids'));
  const more = ids.length - SHOWN_IDS;
  return {
    model: String(input.model),
    method: String(input.method),
    ids,
    idsText:
      ids.length === 0
        ? undefined
        : `${ids
            .slice(0, SHOWN_IDS)
            .map((id) => JSON.stringify(id))
            .join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`,
    argumentsText: shownJson(rest),
    contextText: shownJson(record(input.context)),
  };
}
