// Reads the extension host's CPU profiles the panel benchmark writes (JSON2_BENCH_PANEL_PROFILE_DIR) and prints, per
// profile, its longest tasks (runs of samples with no idle between them) and where each spent its time (self time
// by function), then the self time of the whole handover by function.
//   node bench/panel/profileTasks.mjs DIR [tasks per profile, default 3]
import fs from 'node:fs';
import path from 'node:path';

const [dir, count = '3'] = process.argv.slice(2);
if (!dir) throw new Error('usage: node bench/panel/profileTasks.mjs DIR [tasks per profile]');

/** `name (file:line)` of a profile node, short enough to read. */
function label(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url ? path.basename(url.split('?')[0]) : '';
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
}

/** Self time by function of some samples, largest first, as `ms name` lines. */
function selfTimes(nodes, samples, limit) {
  const byLabel = new Map();
  for (const { node, ms } of samples) byLabel.set(label(nodes.get(node)), (byLabel.get(label(nodes.get(node))) ?? 0) + ms);
  return [...byLabel]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

/** The tasks of a profile: runs of samples that are not idle, each with its samples and its length. */
function tasksOf(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const tasks = [];
  let current;
  profile.samples.forEach((node, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (nodes.get(node).callFrame.functionName === '(idle)') {
      current = undefined;
      return;
    }
    if (!current) tasks.push((current = { ms: 0, samples: [] }));
    current.ms += ms;
    current.samples.push({ node, ms });
  });
  return { nodes, tasks };
}

for (const file of fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.cpuprofile'))
  .sort()) {
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  const { nodes, tasks } = tasksOf(profile);
  const busy = tasks.reduce((sum, task) => sum + task.ms, 0);
  const span = (profile.endTime - profile.startTime) / 1000;
  console.log(`\n${file}: ${span.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy in ${tasks.length} tasks`);
  for (const task of [...tasks].sort((a, b) => b.ms - a.ms).slice(0, Number(count))) {
    console.log(`  task of ${task.ms.toFixed(1)} ms:`);
    for (const line of selfTimes(nodes, task.samples, 8)) console.log(`    ${line}`);
  }
  console.log('  the whole handover, self time:');
  for (const line of selfTimes(
    nodes,
    tasks.flatMap((task) => task.samples),
    12,
  ))
    console.log(`    ${line}`);
}
