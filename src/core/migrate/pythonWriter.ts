// Writes a conversion as Python with `requests`: the JSON-2 call (or route), its error check and the adapted result.
import { databaseHeaderMembers } from './databaseHeaderLines';
import type { LegacyCallSite } from './legacyCall';
import { CHECKBOX_FIELDS, codeOf, commentLines } from './literalWriters';
import type { Conversion, ResultAdaptation } from './migrationPlan';
import { environmentBase, urlExpression } from './urlTemplate';

export interface WrittenCode {
  /** Replaces `start`..`end` of the file. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Import lines the new code needs (added at the top when missing). */
  readonly imports: readonly string[];
}

/** The Python statements replacing the call's statement (`site.statement` must be set). */
export function writePython(site: LegacyCallSite, conversion: Conversion): WrittenCode {
  const statement = site.statement;
  if (!statement) throw new Error('writePython needs a call that is a whole statement');
  const ind = statement.indent;
  const plan = conversion.plan;
  const base = (path: string): string => urlExpression(site.baseUrl ?? environmentBase('python'), path, 'python');
  const imports = new Set(['import requests']);
  if (!site.baseUrl) imports.add('import os');
  const lines: string[] = commentLines(conversion.notes, 'python', ind);
  if (plan.kind === 'json2') {
    imports.add('import os');
    lines.push(`${ind}response = requests.post(`, `${ind}    ${base(`/json/2/${plan.model}/${plan.method}`)},`, `${ind}    headers={`);
    lines.push(`${ind}        "Authorization": f"bearer {os.environ['JSON2_API_KEY']}",`);
    for (const member of databaseHeaderMembers(plan.database, 'python')) lines.push(`${ind}        ${member}`);
    lines.push(`${ind}    },`, `${ind}    json={`);
    if (plan.ids) lines.push(`${ind}        "ids": ${codeOf(plan.ids, 'python')},`);
    for (const arg of plan.args) lines.push(`${ind}        ${JSON.stringify(arg.name)}: ${codeOf(arg.value, 'python')},`);
    if (plan.context) lines.push(`${ind}        "context": ${codeOf(plan.context, 'python')},`);
    lines.push(`${ind}    },`, `${ind})`, `${ind}response.raise_for_status()`);
  } else if (plan.kind === 'route') {
    if (plan.verb === 'GET') lines.push(`${ind}response = requests.get(${base(plan.path)})`);
    else lines.push(`${ind}response = requests.post(${base(plan.path)}, json={"jsonrpc": "2.0", "method": "call", "params": {}, "id": 1})`);
    lines.push(`${ind}response.raise_for_status()`);
  } else {
    lines.push(`${ind}response = requests.post(`, `${ind}    ${base(plan.path)},`, `${ind}    data={`);
    for (const field of plan.fields) {
      const value = CHECKBOX_FIELDS.has(field.name) ? `"true" if ${field.value.text} else ""` : field.value.text;
      lines.push(`${ind}        ${JSON.stringify(field.name)}: ${value},`);
    }
    lines.push(`${ind}    },`);
    if (plan.upload) {
      imports.add('import base64');
      lines.push(`${ind}    files={${JSON.stringify(plan.upload.name)}: ("backup.zip", base64.b64decode(${plan.upload.base64.text}))},`);
    }
    lines.push(`${ind}    allow_redirects=False,`, `${ind})`);
    if (plan.result === 'base64Body') {
      imports.add('import base64');
      lines.push(`${ind}if not response.headers.get("Content-Disposition", "").startswith("attachment"):`);
    } else {
      lines.push(`${ind}if response.status_code != 303:`);
    }
    lines.push(`${ind}    raise RuntimeError(f"the database manager refused ${plan.path}: HTTP {response.status_code}")`);
  }
  const result = resultExpression(plan.result, plan.kind === 'route' && plan.lookFor ? plan.lookFor.text : undefined);
  if (statement.kind === 'assign') lines.push(`${ind}${statement.target} = ${result}`);
  else if (statement.kind === 'return') lines.push(`${ind}return ${result}`);
  return { start: statement.start, end: statement.end, text: lines.join('\n').slice(ind.length), imports: [...imports].sort() };
}

function resultExpression(result: ResultAdaptation, lookFor: string | undefined): string {
  switch (result) {
    case 'singleId':
      return 'response.json()[0]  # JSON-2 create returns a list of ids; execute_kw returned the one id';
    case 'nameGetPairs':
      return '[[record["id"], record["display_name"]] for record in response.json()]';
    case 'uid':
      return 'response.json()["uid"]';
    case 'versionString':
      return 'response.json()["version"]';
    case 'legacyVersionInfo':
      return '{"server_version": response.json()["version"], "server_version_info": response.json()["version_info"], "server_serie": response.json()["version"], "protocol_version": 1}';
    case 'codeNamePairs':
      return '[[record["code"], record["name"]] for record in response.json()]';
    case 'dbListResult':
      return 'response.json()["result"]';
    case 'dbExists':
      return `${lookFor ?? 'name'} in response.json()["result"]`;
    case 'redirectTrue':
      return 'True';
    case 'base64Body':
      return 'base64.b64encode(response.content).decode()';
    default:
      return 'response.json()';
  }
}
