// Writes a conversion as a JavaScript `fetch` expression (a promise), with the adapted result and the callback, if any.
import { databaseHeaderMembers } from './databaseHeaderLines';
import type { LegacyCallSite } from './legacyCall';
import { CHECKBOX_FIELDS, codeOf } from './literalWriters';
import type { Conversion, ResultAdaptation } from './migrationPlan';
import type { WrittenCode } from './pythonWriter';
import { environmentBase, urlExpression } from './urlTemplate';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The expression replacing the call: `fetch(...)` resolving to what the original call gave. */
export function writeJavaScript(site: LegacyCallSite, conversion: Conversion): WrittenCode {
  const ind = site.replacement?.indent ?? site.statement?.indent ?? '';
  const plan = conversion.plan;
  const url = (path: string): string => urlExpression(site.baseUrl ?? environmentBase('javascript'), path, 'javascript');
  const key = (name: string): string => (IDENTIFIER.test(name) ? name : `'${name}'`);
  const lines: string[] = [];
  // TypeScript: the answer's shape is the server's JSON (fetch's json() gives unknown with Node's types).
  const answerType = site.typescript ? ': any' : '';
  if (plan.kind === 'json2') {
    lines.push(`fetch(${url(`/json/2/${plan.model}/${plan.method}`)}, {`, `  method: 'POST',`, '  headers: {');
    lines.push('    Authorization: `bearer ${process.env.JSON2_API_KEY}`,', `    'Content-Type': 'application/json; charset=utf-8',`);
    for (const member of databaseHeaderMembers(plan.database, 'javascript')) lines.push(`    ${member}`);
    lines.push('  },', '  body: JSON.stringify({');
    if (plan.ids) lines.push(`    ids: ${codeOf(plan.ids, 'javascript')},`);
    for (const arg of plan.args) lines.push(`    ${key(arg.name)}: ${codeOf(arg.value, 'javascript')},`);
    if (plan.context) lines.push(`    context: ${codeOf(plan.context, 'javascript')},`);
    lines.push('  }),', '}).then(async (response) => {', `  const answer${answerType} = await response.json();`);
    lines.push('  if (!response.ok) throw new Error(`${answer.name}: ${answer.message}`);');
  } else if (plan.kind === 'route') {
    if (plan.verb === 'GET') lines.push(`fetch(${url(plan.path)}).then(async (response) => {`);
    else
      lines.push(
        `fetch(${url(plan.path)}, {`,
        `  method: 'POST',`,
        `  headers: { 'Content-Type': 'application/json' },`,
        `  body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: {}, id: 1 }),`,
        '}).then(async (response) => {',
      );
    lines.push(
      `  const answer${answerType} = await response.json();`,
      '  if (!response.ok || answer.error) throw new Error(`' + plan.path + ' failed: ${response.status}`);',
    );
  } else {
    const formValue = (field: { name: string; value: { text: string } }): string =>
      CHECKBOX_FIELDS.has(field.name) ? `${field.value.text} ? 'true' : ''` : `String(${field.value.text})`;
    lines.push(`fetch(${url(plan.path)}, {`, `  method: 'POST',`, `  redirect: 'manual',`);
    if (plan.upload) {
      lines.push('  body: ((form) => {');
      for (const field of plan.fields) lines.push(`    form.append('${field.name}', ${formValue(field)});`);
      lines.push(
        `    form.append('${plan.upload.name}', new Blob([Buffer.from(${plan.upload.base64.text}, 'base64')]), 'backup.zip');`,
        '    return form;',
        '  })(new FormData()),',
      );
    } else {
      lines.push('  body: new URLSearchParams({');
      for (const field of plan.fields) lines.push(`    ${key(field.name)}: ${formValue(field)},`);
      lines.push('  }),');
    }
    lines.push('}).then(async (response) => {');
    const refused =
      plan.result === 'base64Body'
        ? "!(response.headers.get('content-disposition') ?? '').startsWith('attachment')"
        : 'response.status !== 303';
    lines.push(`  if (${refused}) throw new Error(\`the database manager refused ${plan.path}: HTTP \${response.status}\`);`);
  }
  for (const note of conversion.notes) lines.push(`  // ${note}`);
  const [result, why] = resultExpression(plan.result, plan.kind === 'route' ? plan.lookFor?.text : undefined)
    .replaceAll('(record) =>', site.typescript ? '(record: any) =>' : '(record) =>')
    .split(' // ');
  lines.push(`  return ${result};${why ? ` // ${why}` : ''}`, '})');
  // The callback is written once: it gets (null, value) or (error, undefined), as the client called it. In TypeScript
  // it is cast to the two-argument type the client declared, which types an inline callback's parameters and lets
  // one that takes fewer be called with two.
  if (site.callback) {
    const simple = /^[\w$.]+$/.test(site.callback.text);
    const callback = site.typescript
      ? `((${site.callback.text}) as (error: any, value: any) => void)`
      : simple
        ? site.callback.text
        : `(${site.callback.text})`;
    lines[lines.length - 1] +=
      `.then((value) => [null, value], (error) => [error, undefined]).then(([error, value]) => ${callback}(error, value))`;
  }
  const text = lines.map((line, index) => (index === 0 ? line : ind + line)).join('\n');
  const replaced = site.replacement ?? { start: site.start, end: site.end, prefix: '', suffix: '' };
  return { start: replaced.start, end: replaced.end, text: replaced.prefix + text + replaced.suffix, imports: [] };
}

function resultExpression(result: ResultAdaptation, lookFor: string | undefined): string {
  switch (result) {
    case 'singleId':
      return 'answer[0] // JSON-2 create returns a list of ids; execute_kw returned the one id';
    case 'nameGetPairs':
      return 'answer.map((record) => [record.id, record.display_name])';
    case 'uid':
      return 'answer.uid';
    case 'versionString':
      return 'answer.version';
    case 'legacyVersionInfo':
      return '{ server_version: answer.version, server_version_info: answer.version_info, server_serie: answer.version, protocol_version: 1 }';
    case 'codeNamePairs':
      return 'answer.map((record) => [record.code, record.name])';
    case 'dbListResult':
      return 'answer.result';
    case 'dbExists':
      return `answer.result.includes(${lookFor ?? 'name'})`;
    case 'redirectTrue':
      return 'true';
    case 'base64Body':
      return "Buffer.from(await response.arrayBuffer()).toString('base64')";
    default:
      return 'answer';
  }
}
