// A handover's task timing: the longest task's wall-clock and CPU time, and, once asked for on Linux, the kernel's
// account of the main thread during that task (time run, time waited for a CPU) and the machine's steal.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Handover, timed } from '../../../src/extension/requests/bytesHandover';
import { measureThreadSchedule, threadSchedule } from '../../../src/extension/requests/threadSchedule';

const newHandover = (): Handover => ({ chunks: 0, longestTaskMs: 0, longestTaskCpuMs: 0, doneMs: 0 });

function spin(ms: number): void {
  for (const end = performance.now() + ms; performance.now() < end; );
}

/** Runs for `ms` of the process's CPU time, however long a loaded machine makes that in wall-clock time. */
function spinCpu(ms: number): void {
  const start = process.cpuUsage();
  for (let used = 0; used < ms * 1000; ) {
    const { user, system } = process.cpuUsage(start);
    used = user + system;
  }
}

describe('handover task timing', () => {
  after(() => measureThreadSchedule(false));

  it('keeps the longest task and reads nothing of the kernel unless asked', () => {
    measureThreadSchedule(false);
    const handover = newHandover();
    timed(handover, () => spin(2));
    timed(handover, () => spin(20));
    timed(handover, () => spin(2));
    assert.ok(handover.longestTaskMs >= 20, `longest ${handover.longestTaskMs}`);
    assert.ok(handover.longestTaskCpuMs > 0);
    assert.equal(handover.longestTaskThread, undefined);
    assert.equal(threadSchedule(), undefined);
  });

  it('on Linux, once asked, tells how long the main thread ran and waited during the longest task', {
    skip: process.platform !== 'linux' && 'Linux only: /proc/thread-self/schedstat',
  }, () => {
    measureThreadSchedule(true);
    const handover = newHandover();
    timed(handover, () => spinCpu(40));
    const thread = handover.longestTaskThread;
    assert.ok(thread, 'the longest task has the thread schedule');
    // The kernel adds a running thread's time at ticks and switches, so either reading may lag by up to a tick (1–10 ms).
    assert.ok(thread.ranMs > 25 && thread.ranMs <= handover.longestTaskMs + 10, `ran ${thread.ranMs} of ${handover.longestTaskMs}`);
    assert.ok(thread.stolenMs >= 0 && thread.stolenMs % 10 === 0, `stolen ${thread.stolenMs}`);
    assert.ok(thread.waitedMs >= 0 && thread.ranMs + thread.waitedMs <= handover.longestTaskMs + 10, `waited ${thread.waitedMs}`);
  });
});
