// `Create Custom Model…` (on a database) and `Add Custom Field…` (on a model): the core flows on VS Code's inputs,
// the records created through ir.model / ir.model.fields, then the tree and the completion read the schema again.
import * as vscode from 'vscode';
import type { InputPort } from '../../core/connections/inputPort';
import { addCustomFieldFlow, createCustomModelFlow } from '../../core/explorer/customSchemaFlows';
import {
  ADMINISTRATORS_GROUP_LOOKUP,
  customFieldValues,
  customModelValues,
  type NewCustomField,
  type NewCustomModel,
} from '../../core/explorer/customSchemaRules';
import type { ConnectionService } from '../connections/connectionService';
import type { ExplorerNode, ModelNode } from './explorerNodes';
import type { ExplorerSchemas } from './explorerSchemas';

export interface CustomSchemaDeps {
  readonly schemas: ExplorerSchemas;
  readonly port: () => InputPort;
  /** Reads the node's part of the schema again (tree and completion caches). */
  readonly refresh: (node: ExplorerNode) => Promise<void>;
}

/** The database a command acts on: the node's, else the active connection's configured one. */
export type DatabaseTarget = { readonly connectionName: string; readonly database: string };

export async function createCustomModel(
  deps: CustomSchemaDeps,
  target: DatabaseTarget,
  refreshNode: ExplorerNode | undefined,
): Promise<NewCustomModel | undefined> {
  const schema = await deps.schemas.schema(target.connectionName, target.database);
  const existingModels = (await schema.models()).map((model) => model.model);
  const client = await deps.schemas.client(target.connectionName, target.database);
  const created = await createCustomModelFlow(deps.port(), {
    existingModels,
    create: async (model, signal) => {
      const [administrators] = await client.call<Array<{ res_id: number }>>(
        { ...ADMINISTRATORS_GROUP_LOOKUP, args: { ...ADMINISTRATORS_GROUP_LOOKUP.args } },
        signal,
      );
      if (!administrators)
        throw new Error(vscode.l10n.t('The server has no administrators group (base.group_system) to give access to the model.'));
      await client.call(
        { model: 'ir.model', method: 'create', args: { vals_list: [customModelValues(model, administrators.res_id)] } },
        signal,
      );
    },
  });
  if (!created) return undefined;
  if (refreshNode) await deps.refresh(refreshNode);
  void vscode.window.showInformationMessage(
    vscode.l10n.t('The custom model {0} was created, with every right for the administrators (Settings / Administration).', created.model),
  );
  return created;
}

export async function addCustomField(deps: CustomSchemaDeps, node: ModelNode): Promise<NewCustomField | undefined> {
  const schema = await deps.schemas.schema(node.connectionName, node.database);
  const [models, fields] = await Promise.all([schema.models(), schema.fields(node.model)]);
  const client = await deps.schemas.client(node.connectionName, node.database);
  const created = await addCustomFieldFlow(deps.port(), {
    model: node.model,
    existingFields: Object.keys(fields),
    models,
    fieldsOf: (model) => schema.fields(model),
    create: async (field, signal) => {
      const found = await client.call<Array<{ id: number }>>(
        { model: 'ir.model', method: 'search_read', args: { domain: [['model', '=', node.model]], fields: ['id'], limit: 1 } },
        signal,
      );
      if (found.length === 0) throw new Error(vscode.l10n.t('The server has no ir.model record for {0}.', node.model));
      await client.call(
        { model: 'ir.model.fields', method: 'create', args: { vals_list: [customFieldValues(found[0].id, field)] } },
        signal,
      );
    },
  });
  if (!created) return undefined;
  await deps.refresh(node);
  void vscode.window.showInformationMessage(vscode.l10n.t('The custom field {0} was added to {1}.', created.name, node.model));
  return created;
}

/**
 * `Create Custom Model…` on a node (the database above it), or from the palette or a connection node (the connection's
 * configured database, else the active connection's; the whole tree is read again after).
 */
export async function createCustomModelOn(
  deps: CustomSchemaDeps,
  connections: ConnectionService,
  given: ExplorerNode | undefined,
  refreshAll: () => Promise<void>,
): Promise<NewCustomModel | undefined> {
  let database: ExplorerNode | undefined = given;
  while (database && database.kind !== 'database') database = database.parent;
  if (database?.kind === 'database') return createCustomModel(deps, database, database);
  const active = given ? connections.find(given.connectionName) : connections.active();
  if (!active) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No JSON-2 connection yet: add one first.'));
    return undefined;
  }
  const target = { connectionName: active.profile.name, database: active.profile.database ?? '' };
  const created = await createCustomModel(deps, target, undefined);
  if (created) await refreshAll();
  return created;
}
