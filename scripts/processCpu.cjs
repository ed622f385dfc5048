// CPU time of the programs this process started and waited for (with theirs, as they waited for them), from Linux's
// /proc/self/stat; null where there is no /proc. Used by the test timings (scripts/testTimings.mjs, testFileTimings.cjs).
const fs = require('node:fs');

/** Clock ticks per second of /proc's times: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)). */
const TICKS_PER_SECOND = 100;

/** user + sys seconds of the waited-for children (cutime + cstime), or null off Linux. */
function childrenCpuSeconds() {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // After the command's name: state is field 3; cutime and cstime are fields 16 and 17.
    return (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

module.exports = { childrenCpuSeconds };
