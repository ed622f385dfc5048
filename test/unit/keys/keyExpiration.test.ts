// Key lifetimes: presets, the three-calendar-month cap, typed dates, and the reminders due from a recorded expiration.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  addCalendarMonths,
  daysUntil,
  expirationDateFor,
  expirationDateProblem,
  latestExpirationDate,
  lifetimePreset,
} from '../../../src/core/keys/keyExpiration';
import { keyRemindersDue } from '../../../src/core/keys/keyReminders';

const NOW = new Date('2026-11-30T10:00:00Z');

describe('key lifetimes', () => {
  test('presets give dates from today; three months is clamped to the end of a shorter month', () => {
    assert.equal(expirationDateFor({ days: 1 }, NOW), '2026-12-01');
    assert.equal(expirationDateFor({ days: 30 }, NOW), '2026-12-30');
    assert.equal(expirationDateFor({ months: 3 }, NOW), '2027-02-28');
    assert.equal(latestExpirationDate(new Date('2027-11-30T00:00:00Z')), '2028-02-29');
    assert.equal(addCalendarMonths(new Date('2026-01-31T05:00:00Z'), 1).toISOString(), '2026-02-28T05:00:00.000Z');
    assert.deepEqual(lifetimePreset('7d'), { days: 7 });
    assert.equal(lifetimePreset('forever'), undefined);
  });

  test('a typed date must be a real date, in the future and at most three months away', () => {
    assert.equal(expirationDateProblem('2027-02-28', NOW), undefined);
    assert.match(expirationDateProblem('2027-03-01', NOW) ?? '', /at most three months: choose 2027-02-28 or earlier/);
    assert.match(expirationDateProblem('2026-11-30', NOW) ?? '', /future/);
    assert.match(expirationDateProblem('2026-02-30', NOW) ?? '', /not a date of the calendar/);
    assert.match(expirationDateProblem('next week', NOW) ?? '', /YYYY-MM-DD/);
  });

  test('days until an expiration count calendar days; a key dated today has expired', () => {
    assert.equal(daysUntil('2026-12-01', NOW), 1);
    assert.equal(daysUntil('2026-12-07', NOW), 7);
    assert.equal(daysUntil('2026-11-30', NOW), 0);
    assert.equal(daysUntil('2026-11-01', NOW), -29);
  });
});

describe('key reminders', () => {
  const inputs = [
    { connection: 'prod', expiration: '2026-12-03' },
    { connection: 'old', expiration: '2026-11-29' },
    { connection: 'far', expiration: '2027-01-30' },
    { connection: 'unknown', expiration: undefined },
  ];

  test('expired keys always; keys expiring within the notice once a day; others and unknown dates never', () => {
    const due = keyRemindersDue(inputs, NOW, 7, () => undefined);
    assert.deepEqual(
      due.map((r) => [r.connection, r.kind, r.daysLeft]),
      [
        ['prod', 'expiresSoon', 3],
        ['old', 'expired', -1],
      ],
    );
    assert.match(due[0].message, /"prod" expires in 3 days \(2026-12-03\)/);
    assert.match(due[1].message, /"old" expired on 2026-11-29/);
    const again = keyRemindersDue(inputs, NOW, 7, (connection) => (connection === 'prod' ? '2026-11-30' : undefined));
    assert.deepEqual(
      again.map((r) => r.connection),
      ['old'],
      'the early reminder waits until tomorrow; the expired one is told again',
    );
    const nextDay = keyRemindersDue(inputs, new Date('2026-12-01T08:00:00Z'), 7, () => '2026-11-30');
    assert.deepEqual(
      nextDay.map((r) => r.connection),
      ['prod', 'old'],
    );
  });

  test('a notice of 0 days turns the early reminder off; a notice shorter than the time left shows nothing', () => {
    assert.deepEqual(
      keyRemindersDue(inputs, NOW, 0, () => undefined).map((r) => r.connection),
      ['old'],
    );
    assert.deepEqual(
      keyRemindersDue(inputs, NOW, 2, () => undefined).map((r) => r.connection),
      ['old'],
    );
    const lastDay = keyRemindersDue([{ connection: 'prod', expiration: '2026-12-01' }], NOW, 7, () => undefined);
    assert.match(lastDay[0].message, /expires at the end of today/);
  });
});
