// Writes a conversion as PHP statements with curl: the JSON-2 call (or route), its error check and the adapted result.
import { databaseHeaderMembers } from './databaseHeaderLines';
import type { LegacyCallSite } from './legacyCall';
import { CHECKBOX_FIELDS, codeOf, commentLines } from './literalWriters';
import type { Conversion, ResultAdaptation } from './migrationPlan';
import type { WrittenCode } from './pythonWriter';
import { environmentBase, urlExpression } from './urlTemplate';

/** The PHP statements replacing the call's statement (`site.statement` must be set). */
export function writePhp(site: LegacyCallSite, conversion: Conversion): WrittenCode {
  const statement = site.statement;
  if (!statement) throw new Error('writePhp needs a call that is a whole statement');
  const ind = statement.indent;
  const plan = conversion.plan;
  const url = (path: string): string => urlExpression(site.baseUrl ?? environmentBase('php'), path, 'php');
  const lines = commentLines(conversion.notes, 'php', ind);
  const options: string[] = [];
  let check = 'curl_getinfo($curl, CURLINFO_RESPONSE_CODE) !== 200';
  if (plan.kind === 'json2') {
    lines.push(`${ind}$curl = curl_init(${url(`/json/2/${plan.model}/${plan.method}`)});`);
    options.push(
      'CURLOPT_POST => true',
      'CURLOPT_HTTPHEADER => [',
      "    'Authorization: bearer ' . getenv('JSON2_API_KEY'),",
      "    'Content-Type: application/json; charset=utf-8',",
    );
    for (const member of databaseHeaderMembers(plan.database, 'php')) options.push(`    ${member}`);
    options.push(']');
    const members: string[] = [];
    if (plan.ids) members.push(`    'ids' => ${codeOf(plan.ids, 'php', 'ids')},`);
    for (const arg of plan.args) members.push(`    '${arg.name}' => ${codeOf(arg.value, 'php', arg.name)},`);
    if (plan.context) members.push(`    'context' => ${codeOf(plan.context, 'php', 'context')},`);
    // json_encode([]) gives a JSON list, and the body must be an object.
    if (members.length === 0) options.push("CURLOPT_POSTFIELDS => '{}'");
    else options.push('CURLOPT_POSTFIELDS => json_encode([', ...members, '])');
  } else if (plan.kind === 'route') {
    lines.push(`${ind}$curl = curl_init(${url(plan.path)});`);
    if (plan.verb === 'POST') {
      options.push(
        'CURLOPT_POST => true',
        "CURLOPT_HTTPHEADER => ['Content-Type: application/json']",
        `CURLOPT_POSTFIELDS => '{"jsonrpc": "2.0", "method": "call", "params": {}, "id": 1}'`,
      );
    }
  } else {
    lines.push(`${ind}$curl = curl_init(${url(plan.path)});`);
    // An array of fields is sent as multipart/form-data (needed for the upload), a query string as a plain form.
    options.push('CURLOPT_POST => true', plan.upload ? 'CURLOPT_POSTFIELDS => [' : 'CURLOPT_POSTFIELDS => http_build_query([');
    for (const field of plan.fields) {
      const value = CHECKBOX_FIELDS.has(field.name) ? `${field.value.text} ? 'true' : ''` : field.value.text;
      options.push(`    '${field.name}' => ${value},`);
    }
    if (plan.upload)
      options.push(
        `    '${plan.upload.name}' => new CURLStringFile(base64_decode(${plan.upload.base64.text}), 'backup.zip', 'application/octet-stream'),`,
      );
    options.push(plan.upload ? ']' : '])');
    if (plan.result === 'base64Body') {
      options.push('CURLOPT_HEADER => false');
      check =
        "!str_starts_with((string) curl_getinfo($curl, CURLINFO_CONTENT_TYPE), 'application/') || curl_getinfo($curl, CURLINFO_RESPONSE_CODE) !== 200";
    } else {
      check = 'curl_getinfo($curl, CURLINFO_RESPONSE_CODE) !== 303';
    }
  }
  options.push('CURLOPT_RETURNTRANSFER => true');
  lines.push(`${ind}curl_setopt_array($curl, [`);
  for (const option of options) lines.push(`${ind}    ${option}${/[[,]$/.test(option) || option.trimStart().startsWith('//') ? '' : ','}`);
  lines.push(`${ind}]);`, `${ind}$body = curl_exec($curl);`);
  lines.push(
    `${ind}if ($body === false || ${check}) {`,
    `${ind}    throw new RuntimeException('${plan.kind === 'json2' ? `JSON-2 ${plan.model}/${plan.method}` : plan.path} failed: ' . ($body ?: curl_error($curl)));`,
    `${ind}}`,
  );
  lines.push(`${ind}$answer = json_decode($body, true);`);
  const result = resultExpression(plan.result, plan.kind === 'route' ? plan.lookFor?.text : undefined);
  if (plan.kind === 'manager') lines.pop();
  if (statement.kind === 'assign') lines.push(`${ind}${statement.target} = ${result}`);
  else if (statement.kind === 'return') lines.push(`${ind}return ${result}`);
  return { start: statement.start, end: statement.end, text: lines.join('\n').slice(ind.length), imports: [] };
}

function resultExpression(result: ResultAdaptation, lookFor: string | undefined): string {
  switch (result) {
    case 'singleId':
      return '$answer[0]; // JSON-2 create returns a list of ids; execute_kw returned the one id';
    case 'nameGetPairs':
      return "array_map(fn ($record) => [$record['id'], $record['display_name']], $answer);";
    case 'uid':
      return "$answer['uid'];";
    case 'versionString':
      return "$answer['version'];";
    case 'legacyVersionInfo':
      return "['server_version' => $answer['version'], 'server_version_info' => $answer['version_info'], 'server_serie' => $answer['version'], 'protocol_version' => 1];";
    case 'codeNamePairs':
      return "array_map(fn ($record) => [$record['code'], $record['name']], $answer);";
    case 'dbListResult':
      return "$answer['result'];";
    case 'dbExists':
      return `in_array(${lookFor ?? '$name'}, $answer['result'], true);`;
    case 'redirectTrue':
      return 'true;';
    case 'base64Body':
      return 'base64_encode($body);';
    default:
      return '$answer;';
  }
}
