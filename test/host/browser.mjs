// Debian's Chromium, driven by playwright-core, as the window of the code-server workbench.
import fs from 'node:fs';
import util from 'node:util';
import { chromium } from 'playwright-core';

// Without the background-networking flags Chromium keeps trying hosts this offline machine cannot reach.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(paths, profileDir, viewport = { width: 1400, height: 900 }) {
  if (!fs.existsSync(paths.chromium)) throw new Error(`Chromium not found at ${paths.chromium}; run node test/host/installHost.mjs`);
  fs.mkdirSync(profileDir, { recursive: true });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: paths.chromium,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/**
 * VS Code forwards extension-host console output as ('%c INFO', css, format, ...args) or ('%c[Extension Host] %c' + text,
 * css, css). This turns such a message back into the plain line the test printed.
 */
export async function consoleLine(message) {
  let values;
  try {
    values = await Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => String(arg))));
  } catch {
    return message.text();
  }
  if (values.length === 0) return message.text();
  if (typeof values[0] !== 'string' || !values[0].includes('%c')) return util.format(...values);
  const styles = (values[0].match(/%c/g) ?? []).length;
  const head = values[0].replace(/%c/g, '');
  const rest = values.slice(1 + styles);
  const level = /^\s*(INFO|WARN|ERR|DEBUG|TRACE)\s*$/.exec(head);
  if (level) return (level[1] === 'INFO' ? '' : `${level[1]} `) + util.format(...rest);
  if (/%[sdifjoO]/.test(head)) return util.format(head, ...rest);
  return (head + (rest.length ? util.format(...rest) : '')).trimEnd();
}
