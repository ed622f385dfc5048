// The web client's address of a record or a model's list: the form of each release, the database through the login
// page, the path prefix kept, and nothing secret in it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { userPreferencesUrl, usesOdooPaths, webClientPath, webClientUrl } from '../../../src/core/client/webClientUrl';

describe('web client addresses', () => {
  test('the path form follows the release: /odoo/… from 17.2 on, /web#… before and when unknown', () => {
    assert.deepEqual(['19.0', '18.0+e', 'saas~17.2', '17.0', '16.0', 'saas~16.4', '', undefined, 'nonsense'].map(usesOdooPaths), [
      true,
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    assert.equal(webClientPath({ serverVersion: '19.0', model: 'res.partner', id: 7 }), '/odoo/res.partner/7');
    assert.equal(webClientPath({ serverVersion: '19.0', model: 'res.partner' }), '/odoo/res.partner?view_type=list');
    assert.equal(webClientPath({ serverVersion: '19.0', model: 'website', id: 1 }), '/odoo/m-website/1');
    assert.equal(webClientPath({ serverVersion: '16.0', model: 'res.partner', id: 7 }), '/web#id=7&model=res.partner&view_type=form');
    assert.equal(webClientPath({ model: 'sale.order' }), '/web#model=sale.order&view_type=list');
  });

  test('refuses what is not a model name or a record id', () => {
    assert.throws(() => webClientPath({ model: 'res.partner/../x', id: 1 }), /not a model name/);
    assert.throws(() => webClientPath({ model: 'res.partner', id: 0 }), /not a record id/);
    assert.throws(() => webClientPath({ model: 'res.partner', id: 1.5 }), /not a record id/);
  });

  test("one database: straight to the record, under the connection's path prefix", () => {
    assert.equal(
      webClientUrl({ baseUrl: 'https://erp.example.com', serverVersion: '19.0', model: 'res.partner', id: 3 }),
      'https://erp.example.com/odoo/res.partner/3',
    );
    assert.equal(
      webClientUrl({ baseUrl: 'https://example.com/erp/', serverVersion: '19.0', model: 'res.partner', id: 3 }),
      'https://example.com/erp/odoo/res.partner/3',
    );
  });

  test('a named database: through the login page with db and a local redirect', () => {
    const url = new URL(
      webClientUrl({ baseUrl: 'http://127.0.0.1:8069', database: 'demo & co', serverVersion: '19.0', model: 'res.partner', id: 3 }),
    );
    assert.equal(url.pathname, '/web/login');
    assert.equal(url.searchParams.get('db'), 'demo & co');
    assert.equal(url.searchParams.get('redirect'), '/odoo/res.partner/3');
    const old = new URL(
      webClientUrl({ baseUrl: 'https://example.com/erp', database: 'prod', serverVersion: '16.0', model: 'res.partner', id: 3 }),
    );
    assert.equal(old.pathname, '/erp/web/login');
    assert.equal(old.searchParams.get('redirect'), '/erp/web#id=3&model=res.partner&view_type=form');
  });

  test('never opens an address with credentials in it', () => {
    assert.throws(() => webClientUrl({ baseUrl: 'https://user:secret@erp.example.com', model: 'res.partner', id: 1 }), /credentials/);
  });

  test("the user's preferences (Account Security, where keys are made): the action's path of each release, the database through the login page", () => {
    assert.equal(
      userPreferencesUrl({ baseUrl: 'https://erp.example.com', serverVersion: '19.0' }),
      'https://erp.example.com/odoo/action-base.action_res_users_my',
    );
    assert.equal(
      userPreferencesUrl({ baseUrl: 'https://erp.example.com/x/' }),
      'https://erp.example.com/x/web#action=base.action_res_users_my',
    );
    const url = new URL(userPreferencesUrl({ baseUrl: 'http://127.0.0.1:8069', database: 'demo', serverVersion: '19.0' }));
    assert.equal(url.pathname, '/web/login');
    assert.equal(url.searchParams.get('redirect'), '/odoo/action-base.action_res_users_my');
    assert.throws(() => userPreferencesUrl({ baseUrl: 'https://user:secret@erp.example.com' }), /credentials/);
  });
});
