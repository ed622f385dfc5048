// The wording of an identity: text lines, Markdown with every server text inert, groups by application, key candidates.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { AccessGroup, AccessIdentity } from '../../../src/core/access/identity';
import { groupsByApplication, identityMarkdown, identitySummary, identityText, keyText } from '../../../src/core/access/identityText';

const group = (fullName: string, application: string | null, extra: Partial<AccessGroup> = {}): AccessGroup => ({
  id: fullName.length,
  name: fullName.split(' / ').pop() ?? fullName,
  fullName,
  application,
  xmlId: null,
  privilege: application,
  implied: false,
  ...extra,
});

const identity: AccessIdentity = {
  database: 'demo',
  user: { id: 6, name: 'Marc Demo', login: 'demo' },
  groups: [
    group('Sales / User: Own Documents Only', 'Sales', { xmlId: 'sales_team.group_sale_salesman' }),
    group('Role / User', null, { implied: true }),
  ],
  companies: { current: { id: 1, name: 'SF' }, allowed: [{ id: 1, name: 'SF' }] },
  lang: 'en_US',
  tz: null,
  key: { name: 'ci key', scope: null, expiresAt: '2026-12-29T05:00:00Z' },
};

test('text: one fact per line, groups under their application, implied groups marked', () => {
  assert.equal(
    identityText(identity),
    [
      'User:       Marc Demo (login demo, id 6)',
      'Database:   demo',
      'Company:    SF (current)',
      'Companies:  SF',
      'Language:   en_US',
      'Time zone:  not set',
      "API key:    'ci key' (no scope, expires 2026-12-29 05:00 UTC)",
      'Groups:',
      '  Sales',
      '    Sales / User: Own Documents Only',
      '  Without application',
      '    Role / User (implied)',
      '',
    ].join('\n'),
  );
  assert.equal(identitySummary(identity), 'Marc Demo (demo) · SF');
});

test('several candidate keys are each named with scope and expiry', () => {
  const text = keyText({
    unavailable: 'The user has 2 valid API keys; the server does not say which one this connection uses.',
    candidates: [
      { name: 'a', scope: null, expiresAt: null },
      { name: 'b', scope: 'rpc', expiresAt: '2027-01-01T00:00:00Z' },
    ],
  });
  assert.equal(
    text,
    "The user has 2 valid API keys; the server does not say which one this connection uses. Candidates: 'a' (no scope, never expires), 'b' (scope rpc, expires 2027-01-01 00:00 UTC).",
  );
});

test('groups keep the order they come in within an application, applications in first-seen order', () => {
  const sections = groupsByApplication([group('A / x', 'A'), group('B / y', 'B'), group('A / z', 'A'), group('n', null)]);
  assert.deepEqual(
    sections.map((section) => [section.application, section.groups.map((entry) => entry.fullName)]),
    [
      ['A', ['A / x', 'A / z']],
      ['B', ['B / y']],
      ['Without application', ['n']],
    ],
  );
});

test("Markdown: a server's names cannot become links, headings or code", () => {
  const hostile: AccessIdentity = {
    ...identity,
    user: { id: 6, name: '[x](https://evil.example)', login: '`demo`' },
    groups: [group('# Sales / <img src=x onerror=alert(1)>', '**App**')],
    companies: {
      current: { id: 1, name: '![i](https://evil.example/i.png)' },
      allowed: [{ id: 1, name: '![i](https://evil.example/i.png)' }],
    },
  };
  const markdown = identityMarkdown(hostile, 'prod [link](https://evil.example)');
  assert.ok(!markdown.includes('](https://evil.example'), markdown);
  assert.ok(!/(^|[^\\])<img/.test(markdown) && markdown.includes('\\<img'), markdown);
  assert.ok(!/^#+ # Sales/m.test(markdown) && !markdown.includes('\n# Sales'), markdown);
  assert.match(markdown, /^### \\\*\\\*App\\\*\\\*$/m);
  assert.match(markdown, /login `` `demo` ``/);
});
