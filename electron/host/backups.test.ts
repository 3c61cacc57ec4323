/**
 * The backups a save keeps (backups.ts): FILE.orig once — the untouched original, through any number of saves and
 * runs — and FILE.bak, the version each save replaced; the two never share bytes on disk; temporary files of
 * killed saves (of the file and of both backups) are removed by the next save, a live writer's are not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporarySuffix, writeFileAtomic } from './atomic-write';
import { keepBackups } from './backups';

let folder: string;
let target: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'morf-backups-'));
  target = join(folder, 'Map.w3x');
  writeFileSync(target, 'original');
});

afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Saves `text` over the target as the host does: backups, then the atomic write. */
async function save(text: string, withBytes = false) {
  const kept = await keepBackups(target, withBytes ? new Uint8Array(readFileSync(target)) : undefined);
  await writeFileAtomic(target, new TextEncoder().encode(text));
  return kept;
}

/** A process id that no longer runs. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('backups', () => {
  it('keeps the original once and the replaced version at every save', async () => {
    expect(await save('first edit')).toEqual({ backupPath: `${target}.bak`, originalPath: `${target}.orig` });
    expect(await save('second edit', true)).toEqual({ backupPath: `${target}.bak`, originalPath: null });
    expect(await save('third edit')).toEqual({ backupPath: `${target}.bak`, originalPath: null });
    expect(readFileSync(`${target}.orig`, 'utf8')).toBe('original');
    expect(readFileSync(`${target}.bak`, 'utf8')).toBe('second edit');
    expect(readFileSync(target, 'utf8')).toBe('third edit');
    expect(readdirSync(folder).sort()).toEqual(['Map.w3x', 'Map.w3x.bak', 'Map.w3x.orig']);
  });

  it('keeps nothing of a file that does not exist yet', async () => {
    rmSync(target);
    expect(await keepBackups(target)).toEqual({ backupPath: null, originalPath: null });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('keeps the original apart from the backup: writing into one in place leaves the other', async () => {
    await save('edit');
    writeFileSync(`${target}.bak`, 'changed in place by another program');
    expect(readFileSync(`${target}.orig`, 'utf8')).toBe('original');
  });

  it('removes what killed saves left beside the file and its backups, never a live writer’s', async () => {
    const dead = deadPid();
    const leftovers = [
      `.Map.w3x.${dead}-0a1b2c${temporarySuffix}`,
      `.Map.w3x.orig.${dead}-0a1b2d${temporarySuffix}`,
      `.Map.w3x.bak.${dead}-0a1b2e${temporarySuffix}`,
    ];
    for (const name of leftovers) writeFileSync(join(folder, name), 'half written');
    // A writer that runs (this test's parent) and writes now: kept; one silent for two hours: a left-over.
    const live = `.Map.w3x.${process.ppid}-0b0b0b${temporarySuffix}`;
    const silent = `.Map.w3x.${process.ppid}-0c0c0c${temporarySuffix}`;
    writeFileSync(join(folder, live), 'being written');
    writeFileSync(join(folder, silent), 'abandoned');
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    utimesSync(join(folder, silent), twoHoursAgo, twoHoursAgo);
    await save('edit');
    for (const name of [...leftovers, silent]) expect(existsSync(join(folder, name))).toBe(false);
    expect(existsSync(join(folder, live))).toBe(true);
  });
});
