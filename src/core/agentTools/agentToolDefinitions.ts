// The agent tools as a model sees them: name, description and input JSON schema, shared by the MCP server and VS Code.

/** A JSON schema object as the tool protocols carry it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface AgentToolDefinition {
  readonly name: AgentToolName;
  /** A short human title (MCP `title`, VS Code's display name). */
  readonly title: string;
  /** What the model reads to choose the tool and fill its input. */
  readonly description: string;
  readonly inputSchema: JsonSchema;
  /** True when the tool never changes data on a server. */
  readonly readOnly: boolean;
}

export type AgentToolName =
  | 'json2_list_connections'
  | 'json2_find_models'
  | 'json2_describe_model'
  | 'json2_read_records'
  | 'json2_call_method'
  | 'json2_run_request'
  | 'json2_whoami'
  | 'json2_explain_answer';

const connection = {
  type: 'string',
  description: 'Name of the saved connection (from json2_list_connections). May be left out when only one connection is saved.',
};
const model = { type: 'string', description: 'Technical model name, for example "res.partner".' };
const domain = {
  type: 'array',
  description:
    'Search domain: a list of [field, operator, value] conditions and "&", "|", "!" operators, for example [["is_company", "=", true], ["country_id.code", "=", "BE"]]. Empty or left out: every record.',
  items: {},
};

function object(properties: Record<string, unknown>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, ...(required.length > 0 ? { required: [...required] } : {}), additionalProperties: false };
}

export const AGENT_TOOLS: readonly AgentToolDefinition[] = [
  {
    name: 'json2_list_connections',
    title: 'List connections',
    description:
      'Lists the saved server connections an agent may use: name, server URL, database, interface and whether the connection is read-only or production. ' +
      'With "databases": true it also asks each server which databases it hosts. Never returns a key.',
    inputSchema: object({
      databases: { type: 'boolean', description: 'Also ask each server for its list of databases (one request per server).' },
    }),
    readOnly: true,
  },
  {
    name: 'json2_find_models',
    title: 'Find models',
    description:
      'Finds models of a connection\'s database whose technical name or label contains every word of the query (case-insensitive), for example "partner" or "sale order" (label "Sales Order"). ' +
      'Use it before describing or reading a model whose technical name you do not know.',
    inputSchema: object({
      connection,
      query: {
        type: 'string',
        description: 'Part of the technical name or of the label. Empty: every model (trimmed to the size budget).',
      },
      limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Most models to return (default 50).' },
    }),
    readOnly: true,
  },
  {
    name: 'json2_describe_model',
    title: 'Describe a model',
    description:
      'Describes the fields of a model: type, label, related model, whether required or read-only, and the values of selection fields; also the names of its methods. ' +
      'Use it to write correct domains and field lists before reading records.',
    inputSchema: object(
      {
        connection,
        model,
        fields: {
          type: 'array',
          items: { type: 'string' },
          description: 'Only these fields (technical names). Left out: every field, trimmed to the size budget.',
        },
        query: { type: 'string', description: 'Only fields whose name or label contains this text (case-insensitive).' },
      },
      ['model'],
    ),
    readOnly: true,
  },
  {
    name: 'json2_read_records',
    title: 'Read records',
    description:
      'Reads records of a model with search_read (a domain, fields, limit, offset, order; the answer gives the total count of matching records) ' +
      'or counts them by groups with read_group (groupby, aggregates). Only reads: never changes data.',
    inputSchema: object(
      {
        connection,
        model,
        method: { type: 'string', enum: ['search_read', 'read_group'], description: 'search_read (default) or read_group.' },
        domain,
        fields: {
          type: 'array',
          items: { type: 'string' },
          description: 'search_read: the fields to read (left out: "id" and "display_name").',
        },
        groupby: {
          type: 'array',
          items: { type: 'string' },
          description: 'read_group: the fields to group by, for example ["country_id"] or ["date:month"].',
        },
        aggregates: {
          type: 'array',
          items: { type: 'string' },
          description: 'read_group: aggregates such as "amount_total:sum" (left out: "__count").',
        },
        limit: { type: 'integer', minimum: 1, maximum: 500, description: 'Most records or groups to return (default 20).' },
        offset: { type: 'integer', minimum: 0, description: 'search_read: records to skip, for the next page.' },
        order: { type: 'string', description: 'search_read: sort order, for example "name asc, id desc".' },
      },
      ['model'],
    ),
    readOnly: true,
  },
  {
    name: 'json2_call_method',
    title: 'Call a method',
    description:
      'Calls any public method of a model with named arguments, for example res.partner write with ids [7] and args {"vals": {"phone": "+32 2 123"}}. ' +
      'Methods that may change data are refused unless writes were allowed for agents and the connection is not read-only; production connections ask a person first. ' +
      'Prefer json2_read_records for reading.',
    inputSchema: object(
      {
        connection,
        model,
        method: { type: 'string', description: 'The method, for example "write", "create", "action_confirm" or "name_search".' },
        ids: { type: 'array', items: { type: 'integer' }, description: 'The records the method runs on (left out: a model-level call).' },
        args: { type: 'object', description: 'The method\'s named arguments, for example {"vals_list": [{"name": "Acme"}]} for create.' },
        context: { type: 'object', description: 'Context values, for example {"lang": "fr_BE"}.' },
      },
      ['model', 'method'],
    ),
    readOnly: false,
  },
  {
    name: 'json2_run_request',
    title: 'Run a request of a .json2 file',
    description:
      'Runs the request with the given name ("# @name") of a .json2 request file in the workspace (named requests it uses run first) and returns its status, answer and assertion results. ' +
      'Requests that may change data follow the same rules as json2_call_method.',
    inputSchema: object(
      {
        file: { type: 'string', description: 'Path of the .json2 file, relative to the workspace folder.' },
        name: { type: 'string', description: 'The request\'s name, as written after "# @name".' },
        connection: { type: 'string', description: 'Use this saved connection instead of the file\'s "# @connection".' },
      },
      ['file', 'name'],
    ),
    readOnly: false,
  },
  {
    name: 'json2_whoami',
    title: 'Who am I',
    description:
      "Says who a connection's key acts as on the server: the user (name, login, id), the database, the current company and the companies the user may use, language and time zone, the user's groups by application as the server names them (for example \"Sales / User: Own Documents Only\"), and the key's name, scope and expiry when the user may read their own keys. Use it first when a call answers 403, an empty list or a record without a requested field.",
    inputSchema: object({ connection }),
    readOnly: true,
  },
  {
    name: 'json2_explain_answer',
    title: 'Explain an answer',
    description:
      'Explains why a call answered 403 (access denied), 401 (key not accepted), an empty list, or records lacking a requested field: one sentence per cause, ' +
      'naming the access right, record rule, field group, company, archived records or database, and what would change it (for example a context key to add). ' +
      "Read-only calls are sent again to see their answer; for other methods give the error they answered. Reads only what the key's user may read; never shows a rule the user may not read.",
    inputSchema: object(
      {
        connection,
        model,
        method: { type: 'string', description: 'The method that was called, for example "search_read" or "unlink".' },
        ids: { type: 'array', items: { type: 'integer' }, description: 'The records the call ran on.' },
        args: { type: 'object', description: 'The named arguments of the call, for example {"domain": [...], "fields": [...]}.' },
        context: { type: 'object', description: 'The context the call sent, for example {"allowed_company_ids": [1]}.' },
        error: {
          type: 'object',
          description: 'The error the call answered (required for methods that may change data).',
          properties: { status: { type: 'integer' }, message: { type: 'string' }, name: { type: 'string' } },
          required: ['status', 'message'],
          additionalProperties: false,
        },
      },
      ['model', 'method'],
    ),
    readOnly: true,
  },
];

/** The definition of a tool by name, or undefined. */
export function agentTool(name: string): AgentToolDefinition | undefined {
  return AGENT_TOOLS.find((tool) => tool.name === name);
}
