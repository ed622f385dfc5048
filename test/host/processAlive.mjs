// Whether a process still runs: for the owners of lock folders and of test runs' temporary folders.

/** True when process `pid` exists (also when it is another user's, which signal 0 may not reach). */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
