// A real 19.0 server's documentation (recorded in test/fixtures/real-server): HTML docstrings shown as Markdown with no
// tag, `**kwargs` parameters never offered or required, private methods neither offered nor read-only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { isCallableMethod, isPrivateMethod } from '../../../src/core/client/methodVisibility';
import { isReadOnlyMethod, READ_ONLY_METHODS } from '../../../src/core/connections/readOnlyMethods';
import { completeAt, diagnoseFile, hoverAt, signatureAt, TableSchemaSource } from '../../../src/core/language';
import { parseRequestFile } from '../../../src/core/requestFile';
import { methodsOfModelDocument } from '../../../src/core/schema/schemaDocuments';
import { docstringMarkdown, isHtmlDocstring } from '../../../src/core/untrustedText/docstringMarkdown';
import { escapeMarkdown } from '../../../src/core/untrustedText/markdownEscape';
import { ACTIVE_KINDS, renderMarkdown } from '../../support/markdownInspection';
import { recordedDocuments, recordedRealSource } from '../../support/recordedRealServer';
import { cursorIn } from './recordedSchema';

/** An HTML tag as written, or as an escaped tag would still show it (`\<tt`). */
const TAG = /\\?<\\?\/?(?:div|p|tt|span|dl|dt|dd|ul|li|cite|em|strong|a|pre)\b/i;

function assertInertMarkdown(markdown: string, what: string): void {
  assert.doesNotMatch(markdown, TAG, `${what}: no HTML tag in ${JSON.stringify(markdown)}`);
  const rendered = renderMarkdown(markdown);
  assert.deepEqual(
    [...rendered.kinds].filter((kind) => ACTIVE_KINDS.has(kind)),
    [],
    `${what}: nothing but text and formatting in ${JSON.stringify(markdown)}`,
  );
}

async function at(marked: string) {
  const { text, offset } = cursorIn(marked);
  return { file: parseRequestFile(text), offset };
}

describe('documentation of a real 19.0 server', () => {
  test('hover on search_read: Markdown with no HTML tag, the code in code spans', async () => {
    const { source } = recordedRealSource();
    const { file, offset } = await at('POST res.partner/search_r‸ead\n{}');
    const hover = await hoverAt(file, offset, source);
    assert.ok(hover, 'a hover');
    assertInertMarkdown(hover.contents, 'hover');
    assert.match(hover.contents, /Perform a `search_fetch` followed by a `_read_format`\\\./);
    assert.match(renderMarkdown(hover.contents).text, /Perform a search_fetch followed by a _read_format\./);
    assert.match(hover.contents, /search_read\(domain=null, fields=null, offset=0, limit=null, order=null\) → list\[ValuesType\]/);
    assert.doesNotMatch(hover.contents, /read_kwargs/, 'the **kwargs parameter is not a parameter of the signature');
    assert.ok(renderMarkdown(hover.contents).codeSpans.includes('search_fetch'));
  });

  test('hover on an argument, signature help and completion details: Markdown with no HTML tag', async () => {
    const { source } = recordedRealSource();
    const argument = await at('POST res.partner/search_read\n{"dom‸ain": []}');
    const hover = await hoverAt(argument.file, argument.offset, source);
    assert.ok(hover);
    assertInertMarkdown(hover.contents, 'argument hover');
    assert.match(renderMarkdown(hover.contents).text, /Search domain, see args parameter in search\./);
    const inBody = await at('POST res.partner/search_read\n{"domain": [], "fields": [‸]}');
    const signature = await signatureAt(inBody.file, inBody.offset, source);
    assert.ok(signature?.documentation);
    assertInertMarkdown(signature.documentation, 'signature');
    for (const parameter of signature.parameters) assertInertMarkdown(parameter.documentation ?? '', `parameter ${parameter.name}`);
    assert.equal(signature.parameters[signature.activeParameter].name, 'fields');
    const line = await at('POST res.partner/‸\n{}');
    const methods = await completeAt(line.file, line.offset, source);
    const searchRead = methods.items.find((item) => item.label === 'search_read');
    const documentation = searchRead?.resolveDocumentation?.() ?? '';
    assertInertMarkdown(documentation, 'method completion');
    assert.match(documentation, /`search_fetch`/);
  });

  test("search_read's argument completion offers no read_kwargs and requires nothing", async () => {
    const { source } = recordedRealSource();
    const { file, offset } = await at('POST res.partner/search_read\n{‸}');
    const answer = await completeAt(file, offset, source);
    const labels = answer.items.map((item) => item.label);
    assert.deepEqual(labels.filter((label) => !['ids', 'context'].includes(label)).sort(), [
      'domain',
      'fields',
      'limit',
      'offset',
      'order',
    ]);
    assert.ok(!answer.items.some((item) => item.detail === 'required argument'), 'every argument of search_read has a default');
    for (const item of answer.items) assertInertMarkdown(item.documentation ?? '', `argument ${item.label}`);
  });

  test('a name that **kwargs passes on (search_read → read: load) is no unknown argument; read_kwargs itself is', async () => {
    const { source } = recordedRealSource();
    const ok = await diagnoseFile(parseRequestFile('POST res.partner/search_read\n{"fields": ["name"], "load": ""}'), source);
    assert.deepEqual(ok, []);
    const methods = methodsOfModelDocument((recordedDocuments()['res.partner'] as { methods: unknown }).methods);
    const searchRead = methods.find((method) => method.name === 'search_read');
    assert.equal(searchRead?.extraKeywords, true);
    assert.ok(!searchRead?.parameters.some((parameter) => parameter.name === 'read_kwargs'));
    const read = methods.find((method) => method.name === 'read');
    assert.equal(read?.extraKeywords, undefined, 'read names every argument it takes');
  });

  test('check_access is neither offered nor read-only; has_access and has_group are offered', async () => {
    assert.equal(isPrivateMethod('check_access'), true);
    assert.equal(isPrivateMethod('_read_format'), true);
    assert.equal(isPrivateMethod('mro'), true);
    assert.equal(isCallableMethod('has_group'), true);
    assert.equal(READ_ONLY_METHODS.has('check_access'), false);
    assert.equal(isReadOnlyMethod('check_access'), false);
    assert.equal(isReadOnlyMethod('has_group'), true);
    const { source } = recordedRealSource();
    const partner = await at('POST res.partner/‸\n{}');
    const partnerMethods = (await completeAt(partner.file, partner.offset, source)).items.map((item) => item.label);
    assert.ok(partnerMethods.includes('has_access'));
    assert.ok(!partnerMethods.includes('check_access'));
    const users = await at('POST res.users/‸\n{}');
    assert.ok((await completeAt(users.file, users.offset, source)).items.some((item) => item.label === 'has_group'));
    // Without documents (the notes' table), and from a document that lists it (the sandbox's does): still not offered.
    const table = new TableSchemaSource();
    const tableMethods = (await completeAt(partner.file, partner.offset, table)).items.map((item) => item.label);
    assert.ok(tableMethods.includes('has_access') && !tableMethods.includes('check_access'));
    const tableUsers = (await completeAt(users.file, users.offset, table)).items.map((item) => item.label);
    assert.ok(tableUsers.includes('has_group'));
    const listed = methodsOfModelDocument({ check_access: { parameters: { operation: {} } }, has_access: { parameters: {} } });
    assert.deepEqual(
      listed.map((method) => method.name),
      ['has_access'],
    );
  });

  test('calling check_access is warned about on the request line, with the sentence a real server answers', async () => {
    const { source } = recordedRealSource();
    const [warning] = await diagnoseFile(parseRequestFile('POST res.partner/check_access\n{"ids": [1], "operation": "read"}'), source);
    assert.equal(warning?.code, 'private-method');
    assert.match(warning.message, /Private methods \(such as 'res\.partner\.check_access'\) cannot be called remotely\./);
    const { file, offset } = await at('POST res.partner/check_acc‸ess\n{}');
    assert.equal(await hoverAt(file, offset, source), undefined, 'no hover offers it either');
  });

  test('every docstring of the 13 recorded documents becomes inert Markdown with no tag', () => {
    let count = 0;
    for (const [name, document] of Object.entries(recordedDocuments())) {
      if (name === 'index') continue;
      for (const [methodName, method] of Object.entries((document as { methods: Record<string, Record<string, unknown>> }).methods)) {
        const parameters = Object.entries((method.parameters ?? {}) as Record<string, { doc?: string }>);
        const docs = [method.doc, ...parameters.map(([, parameter]) => parameter.doc)].filter(
          (doc): doc is string => typeof doc === 'string',
        );
        for (const doc of docs) {
          assert.equal(isHtmlDocstring(doc), true, `${name}.${methodName}: recorded as HTML`);
          assertInertMarkdown(docstringMarkdown(doc), `${name}.${methodName}`);
          assertInertMarkdown(`- item: ${docstringMarkdown(doc, 'inline')}`, `${name}.${methodName} (inline)`);
          count += 1;
        }
      }
    }
    assert.ok(count > 1900, `${count} docstrings`);
  });
});

describe('docstringMarkdown', () => {
  test('plain text stays as it is (escaped exactly as before), even with a < in it', () => {
    for (const text of ['Format email address "Name <email@domain>"', 'a < b and c > d', 'Plain *text* with [brackets]']) {
      assert.equal(isHtmlDocstring(text), false, text);
      assert.equal(docstringMarkdown(text), escapeMarkdown(text), text);
      assert.equal(docstringMarkdown(text, 'inline'), escapeMarkdown(text, 'inline'), text);
    }
  });

  test('structure is kept: paragraphs, lists, emphasis, code spans and blocks, admonition titles', () => {
    const markdown = docstringMarkdown(
      '<div class="document"><p>Update <tt class="docutils literal">self</tt>, <em>carefully</em>.</p>' +
        '<ul><li>one</li><li>two</li></ul><div class="admonition warning"><p class="first admonition-title">Warning</p>' +
        '<p class="last">UTC only</p></div><pre class="literal-block">x = ```a```\nprint(x)</pre></div>',
    );
    const rendered = renderMarkdown(markdown);
    assert.deepEqual(rendered.codeSpans, ['self']);
    for (const kind of ['list', 'em', 'strong', 'code']) assert.ok(rendered.kinds.has(kind), `${kind} in ${markdown}`);
    assert.match(rendered.text, /Update self, carefully\./);
    assert.match(markdown, /````\nx = ```a```\nprint\(x\)\n````/, 'a fence longer than any run of backticks inside');
  });

  test('hostile HTML: links keep their text only, images, scripts and raw tags vanish, entities stay text', () => {
    const hostile = [
      '<p>see <a href="command:workbench.action.terminal.sendSequence?%7B%7D">the docs</a> and <a href="https://evil.example">here</a></p>',
      '<p>pixel <img src="https://evil.example/track.png" alt="x"> here</p>',
      '<div><script>alert(1)</script><style>p{}</style><p>text</p></div>',
      '<p>&lt;img src=x onerror=alert(1)&gt; [x](command:y) ![i](https://evil.example/i.png) &lt;https://evil.example&gt;</p>',
      '<p><tt class="docutils literal">`a` ``b`` <b></tt> and <code>[x](command:y)</code></p>',
      '<p>$(alert) # not a heading</p><blockquote><p>&gt; quoted</p></blockquote>',
      '<div><iframe src="https://evil.example"></iframe><p>www.evil.example someone@evil.example https://evil.example/x</p></div>',
    ];
    for (const html of hostile) {
      const markdown = docstringMarkdown(html);
      const rendered = renderMarkdown(markdown);
      assert.deepEqual(
        [...rendered.kinds].filter((kind) => ACTIVE_KINDS.has(kind)),
        [],
        `${html} → ${markdown}`,
      );
      assert.doesNotMatch(rendered.html, /<(a|img|script|style|iframe)\b/, `${html} → ${rendered.html}`);
      assert.doesNotMatch(markdown, /evil\.example\/track|alert\(1\)<\/script/, markdown);
    }
    assert.match(renderMarkdown(docstringMarkdown(hostile[0])).text, /see the docs and here/);
    assert.match(renderMarkdown(docstringMarkdown(hostile[3])).text, /<img src=x onerror=alert\(1\)> \[x\]\(command:y\)/);
  });
});
