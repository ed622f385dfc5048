// Checks a tool's input against its JSON schema's top-level properties: types, required names, nothing unknown.
import type { JsonSchema } from './agentToolDefinitions';

/** The input does not fit the tool's schema; the message says which property and why. */
export class AgentInputError extends Error {}

interface PropertySchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly items?: PropertySchema;
}

function typeProblem(name: string, value: unknown, schema: PropertySchema): string | undefined {
  switch (schema.type) {
    case 'string':
      if (typeof value !== 'string') return `"${name}" must be a string`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return `"${name}" must be true or false`;
      break;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `"${name}" must be a whole number`;
      if (schema.minimum !== undefined && value < schema.minimum) return `"${name}" must be at least ${schema.minimum}`;
      if (schema.maximum !== undefined && value > schema.maximum) return `"${name}" must be at most ${schema.maximum}`;
      break;
    case 'object':
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return `"${name}" must be an object`;
      break;
    case 'array': {
      if (!Array.isArray(value)) return `"${name}" must be a list`;
      const items = schema.items;
      if (items?.type !== undefined) {
        const index = value.findIndex((item) => typeProblem(name, item, items) !== undefined);
        if (index >= 0) return `"${name}"[${index}] must be ${items.type === 'integer' ? 'a whole number' : `a ${items.type}`}`;
      }
      break;
    }
    default:
      break;
  }
  if (schema.enum && !schema.enum.includes(value))
    return `"${name}" must be one of ${schema.enum.map((item) => JSON.stringify(item)).join(', ')}`;
  return undefined;
}

/** The input as a checked record (null values dropped, as if left out); throws AgentInputError naming the first problem. */
export function checkToolInput(schema: JsonSchema, input: unknown): Record<string, unknown> {
  const given = input ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) throw new AgentInputError('The input must be a JSON object.');
  const record = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null && value !== undefined));
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  for (const name of Object.keys(record)) {
    if (!Object.hasOwn(properties, name))
      throw new AgentInputError(
        `Unknown input "${name}"; this tool takes ${
          Object.keys(properties)
            .map((known) => `"${known}"`)
            .join(', ') || 'nothing'
        }.`,
      );
  }
  for (const name of (schema.required ?? []) as string[]) {
    if (record[name] === undefined || record[name] === '') throw new AgentInputError(`"${name}" is required.`);
  }
  for (const [name, value] of Object.entries(record)) {
    const problem = typeProblem(name, value, properties[name]);
    if (problem !== undefined) throw new AgentInputError(`${problem}.`);
  }
  return record;
}
