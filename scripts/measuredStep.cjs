// Runs one command of npm test and writes its CPU time (user + sys of its whole process tree) as JSON to the file
// named by the first argument. npm test runs some steps side by side, so the CPU of all its children is not one step's.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const { childrenCpuSeconds } = require('./processCpu.cjs');

const [cpuFile, command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, { stdio: 'inherit' });
if (result.error) console.error(`could not run ${command}: ${result.error.message}`);
fs.writeFileSync(cpuFile, JSON.stringify({ cpuSeconds: childrenCpuSeconds() }));
process.exit(result.status ?? 1);
