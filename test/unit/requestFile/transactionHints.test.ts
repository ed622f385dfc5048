// The two-transactions hint: where it must appear (ids found by a search fed to a read or a change, also through a
// variable) and where it must not (one call, ids typed by hand, a read chain with the setting off); the search → read fix.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestFile, transactionHints, type TextEdit } from '../../../src/core/requestFile';

const ON = { readChains: true };

const SEARCH_THEN_READ = `### Find
# @name found
POST res.partner/search
{ "domain": [["is_company", "=", true]], "limit": 5, "order": "name" }

### Read them
# @name companies
POST res.partner/read
{ "ids": {{found.response.body}}, "fields": ["name", "email"] }
?? body.length > 0
`;

function apply(text: string, edits: readonly TextEdit[]): string {
  return [...edits]
    .sort((a, b) => b.startOffset - a.startOffset)
    .reduce((out, edit) => out.slice(0, edit.startOffset) + edit.newText + out.slice(edit.endOffset), text);
}

function hintsOf(text: string, options = ON) {
  return transactionHints(parseRequestFile(text), options);
}

test('search → read: an information at the placeholder, and a fix that makes one search_read', () => {
  const hints = hintsOf(SEARCH_THEN_READ);
  assert.equal(hints.length, 1);
  const [hint] = hints;
  assert.equal(hint.diagnostic.severity, 'information');
  assert.equal(hint.diagnostic.code, 'two-transactions');
  assert.equal(SEARCH_THEN_READ.slice(hint.diagnostic.range.startOffset, hint.diagnostic.range.endOffset), '{{found.response.body}}');
  assert.match(hint.diagnostic.message, /^Two transactions: `found` \(res\.partner\/search\) and this `read` are separate calls/);
  assert.match(hint.diagnostic.message, /res\.partner\/search_read/);
  assert.equal(hint.diagnostic.related?.[0].range.start.line, 2);
  assert.equal(hint.fix?.title, 'Search and read in one call: res.partner/search_read');
  const fixed = apply(SEARCH_THEN_READ, hint.fix?.edits ?? []);
  assert.equal(
    fixed,
    `### Read them
# @name companies
POST res.partner/search_read
{
  "domain": [["is_company", "=", true]],
  "limit": 5,
  "order": "name",
  "fields": ["name", "email"]
}
?? body.length > 0
`,
  );
  const reparsed = parseRequestFile(fixed);
  assert.deepEqual(reparsed.diagnostics, []);
  assert.deepEqual(transactionHints(reparsed, ON), [], 'one call: no hint');
});

test('search → write, unlink, action_*: marked, without a fix; also through a file variable', () => {
  const text = `@partnerIds = {{found.response.body}}

### Find
# @name found
POST res.partner/search
{ "domain": [["name", "ilike", "test"]] }

### Change
POST res.partner/write
{ "ids": {{found.response.body}}, "vals": { "comment": "x" } }

### Delete
POST res.partner/unlink
{ "ids": {{partnerIds}} }

### Archive
POST res.partner/action_archive
{ "ids": {{found.response.body}} }
`;
  const hints = hintsOf(text);
  assert.deepEqual(
    hints.map((hint) => [hint.diagnostic.range.start.line + 1, /this `(\w+)`/.exec(hint.diagnostic.message)?.[1], hint.fix]),
    [
      [10, 'write', undefined],
      [14, 'unlink', undefined],
      [18, 'action_archive', undefined],
    ],
  );
  assert.match(hints[0].diagnostic.message, /may change or be deleted before this call/);
});

test('not marked: one call, ids typed by hand, a chain from a non-search, a route', () => {
  assert.deepEqual(
    hintsOf(`POST res.partner/search_read
{ "domain": [["is_company", "=", true]], "fields": ["name"] }

###
POST res.partner/write
{ "ids": [1, 2], "vals": { "comment": "typed by hand" } }
`),
    [],
  );
  assert.deepEqual(
    hintsOf(`### Create
# @name created
POST res.partner/create
{ "vals_list": [{ "name": "x" }] }

###
POST res.partner/write
{ "ids": {{created.response.body}}, "vals": { "comment": "created in another call, but not found by a search" } }

###
GET /web/version
`),
    [],
  );
});

test('the setting: a read chain is not marked when readChains is off; a write still is', () => {
  assert.deepEqual(hintsOf(SEARCH_THEN_READ, { readChains: false }), []);
  const write = SEARCH_THEN_READ.replace(
    'POST res.partner/read\n{ "ids": {{found.response.body}}, "fields": ["name", "email"] }',
    'POST res.partner/write\n{ "ids": {{found.response.body}}, "vals": { "comment": "x" } }',
  );
  assert.equal(hintsOf(write, { readChains: false }).length, 1);
});

test('no fix when the search is used elsewhere, or the ids are not the whole answer', () => {
  const twice = `${SEARCH_THEN_READ}
### Count them
POST res.partner/search_count
{ "domain": [["id", "in", {{found.response.body}}]] }
`;
  const [hint] = hintsOf(twice);
  assert.ok(hint && hint.fix === undefined, 'the search stays: another request needs it');
  const [partial] = hintsOf(SEARCH_THEN_READ.replace('{{found.response.body}}', '{{found.response.body[0]}}'));
  assert.ok(partial && partial.fix === undefined);
});
