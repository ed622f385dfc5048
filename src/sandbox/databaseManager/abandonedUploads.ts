// Upload folders name the process that receives them, so that a sandbox starting later can tell the folders of a
// sandbox that was killed during a restore (its process gone) from those of one still running on the same data folder.
import fs from 'node:fs';
import path from 'node:path';
import { processIsAlive } from '../storage/directoryClaim';

const UPLOAD_FOLDER = /^upload-(\d+)-/;

/** The prefix of this process's upload folders (`fs.mkdtemp` adds a random suffix). */
export function uploadFolderPrefix(): string {
  return `upload-${process.pid}-`;
}

/** Removes the upload folders under `uploadsDir` whose process no longer runs; returns their names. */
export async function removeAbandonedUploads(uploadsDir: string): Promise<string[]> {
  let entries: string[];
  try {
    entries = await fs.promises.readdir(uploadsDir);
  } catch {
    return [];
  }
  const abandoned = entries.filter((name) => {
    const owner = UPLOAD_FOLDER.exec(name);
    return owner !== null && !processIsAlive(Number(owner[1]));
  });
  await Promise.all(abandoned.map((name) => fs.promises.rm(path.join(uploadsDir, name), { recursive: true, force: true })));
  return abandoned;
}
