// The running server's card in its data folder: pid, base URL and a control token (file readable by the owner only),
// so that `json2 sandbox key` can ask the running server instead of opening its databases a second time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { serverInfoFile } from '../storage/sandboxPaths';

export interface ServerInfo {
  pid: number;
  url: string;
  token: string;
}

export function newControlToken(): string {
  return crypto.randomBytes(32).toString('hex');
}

export function writeServerInfo(dataDir: string, info: ServerInfo): void {
  fs.writeFileSync(serverInfoFile(dataDir), JSON.stringify(info), { mode: 0o600 });
}

export function removeServerInfo(dataDir: string, pid: number): void {
  if (readServerInfo(dataDir)?.pid === pid) fs.rmSync(serverInfoFile(dataDir), { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(serverInfoFile(dataDir), 'utf8')) as ServerInfo;
    return typeof info.pid === 'number' && typeof info.url === 'string' && typeof info.token === 'string' ? info : null;
  } catch {
    return null;
  }
}

/** The card of a server that is running now, or null. */
export function runningServer(dataDir: string): ServerInfo | null {
  const info = readServerInfo(dataDir);
  return info && isAlive(info.pid) ? info : null;
}
