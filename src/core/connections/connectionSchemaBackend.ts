// The schema service's backend over a connection's client: the schema documents on JSON-2, and on the deprecated
// interfaces (which have none) a refusal, so the service reads ir.model and fields_get instead.
import { ClientError } from '../client/clientErrors';
import type { SchemaBackend } from '../schema/schemaService';
import type { ConnectionClient } from './connectionClient';

/** The backend the schema service of `client`'s database reads through. */
export function connectionSchemaBackend(client: ConnectionClient): SchemaBackend {
  const json2 = client.json2;
  return {
    getDocument: json2
      ? (path, options) => json2.getDocument(path, options)
      : () => Promise.reject(new ClientError('access', 'no schema documents over the deprecated interfaces')),
    call: (model, method, args, options) => client.call({ model, method, ...(args ? { args } : {}) }, options?.signal),
  };
}
