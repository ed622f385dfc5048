// The removal timeline: releases as servers and people write them, and what a call's finding says for a target release.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyseSource } from '../../../src/core/migrate/migrationAnalysis';
import {
  NEWEST_RELEASE,
  callTimeline,
  isRemovedOn,
  parseRelease,
  releaseText,
  removalsOf,
  timelineRows,
} from '../../../src/core/migrate/removalTimeline';

const PY_DB = "import xmlrpc.client\ndb = xmlrpc.client.ServerProxy('http://h/xmlrpc/2/db')\nnames = db.list()\n";
const PY_OBJECT =
  "import xmlrpc.client\nm = xmlrpc.client.ServerProxy('http://h/xmlrpc/2/object')\nids = m.execute_kw('d', 1, 'k', 'res.partner', 'search', [[]])\n";
const release = (text: string) => parseRelease(text) ?? assert.fail(text);

describe('the removal timeline', () => {
  test('releases as /web/version and people write them', () => {
    assert.deepEqual(parseRelease('20.0'), { major: 20, minor: 0 });
    assert.deepEqual(parseRelease('20'), { major: 20, minor: 0 });
    assert.deepEqual(parseRelease('saas~19.1'), { major: 19, minor: 1 });
    assert.deepEqual(parseRelease('saas-18.3+e'), { major: 18, minor: 3 });
    assert.deepEqual(parseRelease('19.0+e'), { major: 19, minor: 0 });
    assert.deepEqual(parseRelease('19.0-20251120'), { major: 19, minor: 0 });
    for (const bad of ['', 'latest', '7.0', 'v20', '20.0.1.2 beta']) assert.equal(parseRelease(bad), undefined, bad);
    assert.equal(releaseText(NEWEST_RELEASE), '20.0');
  });

  test('the db service goes at Online 19.1 and Odoo 20; common and object at Online 21.1 and Odoo 22; name_get at Online 17.3 and 18.0', () => {
    const db = removalsOf('db')[0];
    assert.equal(isRemovedOn(db, release('19.0')), false);
    assert.equal(isRemovedOn(db, release('saas~19.1')), true);
    assert.equal(isRemovedOn(db, release('20.0')), true);
    const object = removalsOf('object')[0];
    assert.equal(isRemovedOn(object, release('21.0')), false);
    assert.equal(isRemovedOn(object, release('21.1')), true);
    assert.equal(isRemovedOn(object, release('22.0')), true);
    assert.deepEqual(
      removalsOf('object', 'name_get').map((removal) => removal.subject),
      ['name_get', 'the object service'],
    );
    assert.equal(isRemovedOn(removalsOf('object', 'name_get')[0], release('18.0')), true);
    assert.equal(isRemovedOn(removalsOf('object', 'name_get')[0], release('17.0')), false);
    assert.deepEqual(
      timelineRows().map((row) => [row.subject, row.odoo, row.online]),
      [
        ['the db service', '20.0 (autumn 2026)', '19.1 (winter 2025)'],
        ['the common service', '22.0 (autumn 2028)', '21.1 (winter 2027)'],
        ['the object service', '22.0 (autumn 2028)', '21.1 (winter 2027)'],
        ['name_get', '18.0', '17.3'],
      ],
    );
  });

  test('a db-service call: an error on 20.0 ("removed in Odoo 20 and Online 19.1"), a warning with the dates on 19.0', () => {
    const [on20] = analyseSource(PY_DB, 'a.py', release('20.0'));
    assert.equal(on20.finding.urgency, 'brokenNow');
    assert.equal(
      on20.finding.message,
      'XML-RPC db.list: the db service was removed in Odoo 20 and Online 19.1, so it fails on the target release 20.0. Use POST /web/database/list.',
    );
    const [on19] = analyseSource(PY_DB, 'a.py', release('19.0'));
    assert.equal(on19.finding.urgency, 'deprecated');
    assert.equal(
      on19.finding.message,
      'XML-RPC db.list: the db service is removed in Odoo 20 and Online 19.1 (Online 19.1: winter 2025; Odoo 20: autumn 2026); it still works on the target release 19.0. Use POST /web/database/list.',
    );
    const [byDefault] = analyseSource(PY_DB, 'a.py');
    assert.equal(byDefault.finding.urgency, 'brokenNow', 'without a target, the newest release (20.0)');
  });

  test('an object-service call reads "removed in Odoo 22 and Online 21.1", a warning until then', () => {
    for (const target of ['19.0', '20.0', '21.0']) {
      const [call] = analyseSource(PY_OBJECT, 'a.py', release(target));
      assert.equal(call.finding.urgency, 'deprecated', target);
      assert.match(call.finding.message, /the object service is removed in Odoo 22 and Online 21\.1 /);
    }
    const [on22] = analyseSource(PY_OBJECT, 'a.py', release('22.0'));
    assert.equal(on22.finding.urgency, 'brokenNow');
    assert.match(
      on22.finding.message,
      /the object service was removed in Odoo 22 and Online 21\.1, so it fails on the target release 22\.0/,
    );
  });

  test('name_get is already gone on 19.0, whatever the interface', () => {
    const text = PY_OBJECT.replace("'search', [[]]", "'name_get', [[1]]");
    const [call] = analyseSource(text, 'a.py', release('19.0'));
    assert.equal(call.finding.urgency, 'brokenNow');
    assert.match(
      call.finding.message,
      /: name_get was removed in Odoo 18 and Online 17\.3, so it fails on the target release 19\.0\. Use POST \/json\/2\/res\.partner\/read\.$/,
    );
    assert.equal(callTimeline('object', 'name_get', release('17.0')).urgency, 'deprecated');
  });

  test('the same in JavaScript and PHP', () => {
    const js = "const c = xmlrpc.createClient('http://h/xmlrpc/2/db');\nc.methodCall('list', [], cb);\n";
    assert.match(analyseSource(js, 'a.js', release('20.0'))[0].finding.message, /db service was removed in Odoo 20 and Online 19\.1/);
    const php = "<?php\n$db = ripcord::client('http://h/xmlrpc/2/db');\n$names = $db->list();\n";
    assert.equal(analyseSource(php, 'a.php', release('19.0'))[0].finding.urgency, 'deprecated');
  });
});
