// Finds, in an n8n workflow export (.json), the nodes that call Odoo's deprecated interfaces (Odoo nodes, HTTP Request
// nodes posting to /jsonrpc or /xmlrpc), each as a finding named after the node, with the JSON-2 request replacing it.
import { type Node as JsonNode, findNodeAtLocation, getNodeValue, parseTree } from 'jsonc-parser';
import type { LegacyCallSite } from './legacyCall';
import type { MigrationFinding } from './migrationPlan';
import { writeJson2Request } from './json2RequestWriter';
import { httpNodeCall } from './n8nHttpNode';
import { odooNodeCall } from './n8nOdooNode';
import type { NodeSpan } from './n8nValues';
import { planLegacyCall } from './planLegacyCall';
import type { Release } from './removalTimeline';

const ODOO_NODE = 'n8n-nodes-base.odoo';
const HTTP_NODE = 'n8n-nodes-base.httpRequest';

/** Whether a file may be an n8n export holding such a node (a text test, before any parsing). */
export function mayBeWorkflowExport(fileName: string, text: string): boolean {
  return /\.json$/i.test(fileName) && text.includes('"n8n-nodes-base.') && /n8n-nodes-base\.odoo"|\/jsonrpc|\/xmlrpc/.test(text);
}

const NOT_IN_PLACE =
  'an n8n node is not rewritten in place: replace it with an HTTP Request node that posts the JSON-2 request (header Authorization: bearer <API key>); "Copy as .json2 request" gives it';

/** Every deprecated call of the workflows in `text`, one per node. */
export function findWorkflowCalls(text: string, target?: Release): { site: LegacyCallSite; finding: MigrationFinding }[] {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (!root) return [];
  const workflows = root.type === 'array' ? (root.children ?? []) : [root];
  const found: { site: LegacyCallSite; finding: MigrationFinding }[] = [];
  for (const workflow of workflows) {
    const nodes = findNodeAtLocation(workflow, ['nodes']);
    if (nodes?.type !== 'array') continue;
    for (const node of nodes.children ?? []) {
      const call = nodeCall(node);
      if (call) found.push(call);
    }
  }
  return found;

  function nodeCall(node: JsonNode): { site: LegacyCallSite; finding: MigrationFinding } | undefined {
    const type = findNodeAtLocation(node, ['type'])?.value as unknown;
    if (type !== ODOO_NODE && type !== HTTP_NODE) return undefined;
    const nameNode = findNodeAtLocation(node, ['name']);
    const name = typeof nameNode?.value === 'string' ? nameNode.value : '(unnamed)';
    const span: NodeSpan = nameNode
      ? { start: nameNode.offset, end: nameNode.offset + nameNode.length }
      : { start: node.offset, end: node.offset + node.length };
    const parametersNode = findNodeAtLocation(node, ['parameters']);
    const parameters = (parametersNode ? getNodeValue(parametersNode) : {}) as Record<string, unknown>;
    const base = { language: 'javascript' as const, start: span.start, end: span.end, declined: NOT_IN_PLACE };
    let site: LegacyCallSite;
    let what: string;
    if (type === ODOO_NODE) {
      const odoo = odooNodeCall(parameters, span);
      what = `Odoo node, ${odoo.what}; each run first logs in with common.login, which JSON-2 does not need`;
      site = { ...base, service: 'object', transport: 'jsonrpc', functionName: 'execute', args: odoo.args, dynamicReason: odoo.reason };
    } else {
      const http = httpNodeCall(parameters, span);
      if (!http) return undefined;
      what = `HTTP Request node, ${http.transport === 'xmlrpc' ? 'XML-RPC' : 'JSON-RPC'}`;
      site = {
        ...base,
        service: http.service,
        transport: http.transport,
        functionName: http.functionName,
        args: http.args,
        dynamicReason: http.reason,
      };
    }
    const planned = planLegacyCall(site, text, target);
    const json2Request = planned.conversion && writeJson2Request(planned.conversion, `n8n node "${name}"`);
    const finding: MigrationFinding = {
      ...planned,
      message: `n8n node "${name}" (${what}): ${planned.message}`,
      workflowNode: { name, ...(json2Request ? { json2Request } : {}) },
    };
    return { site, finding };
  }
}
