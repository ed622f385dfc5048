// The panel's filter box against the sandbox: a path or a JSONPath filter typed in the view narrows the table, the
// tree and the raw text; a bad path says why and keeps the whole answer; the path is kept per request across reruns.
import assert from 'node:assert/strict';
import type { Json2TestApi } from '../../../src/extension/activate';
import type { RequestsTestApi } from '../../../src/extension/requests/registerRequests';
import type { StartedSandbox } from '../../../src/sandbox/testApi';
import { eventually } from './connectionsDriver.integration.test';
import {
  clickLens,
  CONNECTION,
  endRequestsSuite,
  lineOf,
  openRequestFile,
  panelState,
  startRequestsSuite,
} from './requestsDriver.integration.test';

const FILE = `# @connection ${CONNECTION}
### Ten partners
POST res.partner/search_read
{ "domain": [], "fields": ["name", "is_company", "parent_id"], "limit": 10, "order": "id" }

### Count
POST res.partner/search_count
{ "domain": [] }
`;

interface Partner {
  id: number;
  name: string;
  is_company: boolean;
  parent_id: [number, string] | false;
}

/** The same ten partners, asked of the sandbox directly (not through the extension). */
async function tenPartners(sandbox: StartedSandbox): Promise<Partner[]> {
  const response = await fetch(`${sandbox.url}/json/2/res.partner/search_read`, {
    method: 'POST',
    headers: { authorization: `bearer ${sandbox.keys.admin}`, 'content-type': 'application/json', 'x-service-database': sandbox.database },
    body: JSON.stringify({ domain: [], fields: ['name', 'is_company', 'parent_id'], limit: 10, order: 'id' }),
  });
  assert.equal(response.status, 200);
  return (await response.json()) as Partner[];
}

suite('Response panel filter against the sandbox', function () {
  this.timeout(120_000);
  let api: Json2TestApi & { requests: RequestsTestApi };
  let sandbox: StartedSandbox;

  suiteSetup(async () => {
    ({ api, sandbox } = await startRequestsSuite());
  });
  suiteTeardown(() => endRequestsSuite({ api, sandbox }));

  test('a filter narrows the table, a path the tree and raw views; a bad path keeps the whole answer; the path stays with its request', async () => {
    const partners = await tenPartners(sandbox);
    const companies = partners.filter((partner) => partner.is_company);
    const parents = partners.flatMap((partner) => (partner.parent_id ? [partner.parent_id[1]] : []));
    assert.ok(companies.length > 0 && companies.length < partners.length && parents.length > 0, 'the demo data has companies and contacts');

    const document = await openRequestFile('filter-panel.json2', FILE);
    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_read'));
    await panelState(api.requests, (s) => s.title === 'Ten partners' && s.view === 'table' && s.visibleCells.length === 10, 'ten rows');

    api.requests.act({ kind: 'filter', text: 'body[?(@.is_company == true)]' });
    let state = await panelState(
      api.requests,
      (s) => s.view === 'table' && s.visibleCells.length === companies.length,
      'the companies only',
    );
    assert.deepEqual(
      state.visibleCells.map((row) => row[0]),
      companies.map((company) => String(company.id)),
    );
    assert.match(state.statusText, new RegExp(`${companies.length} items \\(filtered from 10\\)`));
    assert.deepEqual(state.filter, { text: 'body[?(@.is_company == true)]', error: '' });

    api.requests.act({ kind: 'filter', text: 'body[*].parent_id[1]' });
    await panelState(api.requests, (s) => s.view === 'tree' && s.filter.text === 'body[*].parent_id[1]', 'the parents in the tree');
    api.requests.act({ kind: 'view', view: 'raw' });
    state = await panelState(api.requests, (s) => s.view === 'raw' && s.rawText !== '', 'the raw view');
    assert.deepEqual(JSON.parse(state.rawText), parents);

    api.requests.act({ kind: 'filter', text: 'body[?(@.id >)]' });
    state = await panelState(api.requests, (s) => s.filter.error !== '', 'the filter error');
    assert.match(state.filter.error, /^Column \d+: Invalid filter: /);
    assert.deepEqual(JSON.parse(state.rawText), partners, 'the whole answer is shown while the path cannot be read');

    api.requests.act({ kind: 'filter', text: 'body[?@.name == "Azure Interior"].id' });
    state = await panelState(api.requests, (s) => s.filter.error === '' && s.rawText.startsWith('['), 'the filter fixed');
    assert.deepEqual(
      JSON.parse(state.rawText),
      partners.filter((partner) => partner.name === 'Azure Interior').map((partner) => partner.id),
    );

    // Another request of the file has no filter; sending the first again brings its filter back.
    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_count'));
    state = await panelState(api.requests, (s) => s.title === 'Count', 'the count');
    assert.deepEqual(state.filter, { text: '', error: '' });
    api.requests.act({ kind: 'filter', text: 'body[0]' });
    state = await panelState(api.requests, (s) => s.filter.error !== '', 'a path on a number');
    assert.match(state.filter.error, /^Nothing selected: body\[0\]: \[0\] needs an array, found a number/);
    api.requests.act({ kind: 'filter', text: '' });
    await panelState(api.requests, (s) => s.filter.error === '' && s.filter.text === '', 'the count unfiltered');

    await clickLens(document, 'Send', lineOf(document, 'POST res.partner/search_read'));
    await panelState(
      api.requests,
      (s) => s.title === 'Ten partners' && s.filter.text === 'body[?@.name == "Azure Interior"].id',
      'the filter back',
    );
    api.requests.act({ kind: 'filter', text: 'body[?(@.is_company == true)]' });
    api.requests.act({ kind: 'view', view: 'table' });
    await panelState(api.requests, (s) => s.view === 'table' && s.visibleCells.length === companies.length, 'the companies again');
    const before = api.requests.history().length;
    api.requests.act({ kind: 'press', command: 'rerun' });
    await eventually(() => api.requests.history().length === before + 1, 'the rerun answered');
    state = await panelState(
      api.requests,
      (s) => s.title === 'Ten partners' && s.view === 'table' && s.visibleCells.length === companies.length,
      'the rerun filtered',
    );
    assert.equal(state.filter.text, 'body[?(@.is_company == true)]');
  });
});
