/**
 * Renders written through the host (begin/write/finish/abortRenderOutput): nothing at the path until finish, then
 * the whole file or folder at once; an abort, a failed write and a full disk leave nothing (a real 256 KiB tmpfs when
 * this runs as root, as CI does, and a file system that fails like one everywhere); replacing keeps `.bak`; paths
 * stay inside the granted roots; names, counts and the idle timeout are enforced.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HostError, limits, validateArguments } from '../../shared/contract/contract';
import { PathGuard } from './confinement';
import { RenderOutputs } from './render-outputs';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

async function started(renders: RenderOutputs, path: string, kind: 'file' | 'sequence', replace = false) {
  const result = await renders.begin(path, kind, replace);
  if (result.status !== 'started') throw new Error(`not started: ${result.status}`);
  return result.id;
}

async function failure(promise: Promise<unknown>): Promise<HostError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HostError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('render outputs', () => {
  let folder: string;
  let guard: PathGuard;
  let renders: RenderOutputs;

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'morf-renders-'));
    guard = new PathGuard();
    guard.grant(folder, 'directory', 'dialog');
    renders = new RenderOutputs(guard);
  });
  afterEach(async () => {
    await renders.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('writes a file out of order and shows it only when finished', async () => {
    const path = join(folder, 'Shot.webm');
    const id = await started(renders, path, 'file');
    await renders.write(id, '', 0, bytesOf('header??'));
    await renders.write(id, '', 8, bytesOf('-frames-'));
    await renders.write(id, '', 6, bytesOf('OK'));
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(folder)).toHaveLength(1); // the temporary file, hidden from listings by its suffix
    const result = await renders.finish(id);
    expect(result).toEqual({ path, files: 1, bytes: 16, backupPath: null });
    expect(readFileSync(path, 'utf8')).toBe('headerOK-frames-');
    expect(readdirSync(folder)).toEqual(['Shot.webm']);
    expect(renders.count).toBe(0);
  });

  it('writes a PNG sequence as a folder that appears whole', async () => {
    const path = join(folder, 'Shot');
    const id = await started(renders, path, 'sequence');
    for (let frame = 1; frame <= 3; frame += 1)
      await renders.write(id, `Shot_000${frame}.png`, 0, bytesOf(`f${frame}`));
    expect(existsSync(path)).toBe(false);
    expect(await renders.finish(id)).toEqual({ path, files: 3, bytes: 6, backupPath: null });
    expect(readdirSync(path).sort()).toEqual(['Shot_0001.png', 'Shot_0002.png', 'Shot_0003.png']);
    expect(readFileSync(join(path, 'Shot_0002.png'), 'utf8')).toBe('f2');
    expect(readdirSync(folder)).toEqual(['Shot']);
  });

  it('asks before replacing, and keeps what it replaces as .bak', async () => {
    const path = join(folder, 'Still.png');
    writeFileSync(path, 'old picture');
    expect(await renders.begin(path, 'file', false)).toEqual({ status: 'exists', path });
    const id = await started(renders, path, 'file', true);
    await renders.write(id, '', 0, bytesOf('new picture'));
    expect(readFileSync(path, 'utf8')).toBe('old picture');
    expect(await renders.finish(id)).toMatchObject({ backupPath: `${path}.bak` });
    expect(readFileSync(path, 'utf8')).toBe('new picture');
    expect(readFileSync(`${path}.bak`, 'utf8')).toBe('old picture');

    const sequence = join(folder, 'Frames');
    mkdirSync(sequence);
    writeFileSync(join(sequence, 'Frames_0001.png'), 'old');
    expect(await renders.begin(sequence, 'sequence', false)).toEqual({ status: 'exists', path: sequence });
    const again = await started(renders, sequence, 'sequence', true);
    await renders.write(again, 'Frames_0001.png', 0, bytesOf('new'));
    await renders.finish(again);
    expect(readFileSync(join(sequence, 'Frames_0001.png'), 'utf8')).toBe('new');
    expect(readFileSync(join(`${sequence}.bak`, 'Frames_0001.png'), 'utf8')).toBe('old');
    // A second replacement would have to drop that backup: refused, naming it.
    const error = await failure(renders.begin(sequence, 'sequence', true));
    expect(error.message).toContain('Frames.bak');
  });

  it('leaves nothing behind when a render is aborted', async () => {
    const file = await started(renders, join(folder, 'Clip.webm'), 'file');
    await renders.write(file, '', 0, bytesOf('half a video'));
    const sequence = await started(renders, join(folder, 'Clip'), 'sequence');
    await renders.write(sequence, 'Clip_0001.png', 0, bytesOf('a frame'));
    await renders.abort(file);
    await renders.abort(sequence);
    await renders.abort(sequence); // twice is nothing
    expect(readdirSync(folder)).toEqual([]);
    expect((await failure(renders.write(file, '', 0, bytesOf('late')))).code).toBe('not-found');
    expect((await failure(renders.finish(sequence))).code).toBe('not-found');
  });

  it('fails a write on a full disk with no-space and leaves nothing', async () => {
    const full = new RenderOutputs(guard, {
      async write(_handle, _bytes, position) {
        if (position >= 4) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
      sync: async () => undefined,
    });
    const id = await started(full, join(folder, 'Big.webm'), 'file');
    await full.write(id, '', 0, bytesOf('abcd'));
    const error = await failure(full.write(id, '', 4, bytesOf('efgh')));
    expect(error.code).toBe('no-space');
    expect(error.message).toBe('the disk is full: cannot write the render; nothing was left at Big.webm');
    expect(readdirSync(folder)).toEqual([]);
    expect(full.count).toBe(0);
  });

  it.skipIf(process.getuid?.() !== 0)(
    'fails on a real full file system (a 256 KiB tmpfs) and leaves nothing',
    async () => {
      const small = join(folder, 'small');
      mkdirSync(small);
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', small]);
      } catch {
        return; // no mount here (a container without the capability): the injected failure above covers it
      }
      try {
        const id = await started(renders, join(small, 'Too big.webm'), 'file');
        const chunk = new ArrayBuffer(64 * 1024);
        let error: HostError | null = null;
        for (let position = 0; position < 1024 * 1024 && !error; position += chunk.byteLength)
          error = await renders.write(id, '', position, chunk).then(
            () => null,
            (thrown: HostError) => thrown,
          );
        expect(error?.code).toBe('no-space');
        expect(readdirSync(small)).toEqual([]);
        const sequence = await started(renders, join(small, 'Frames'), 'sequence');
        const frame = new ArrayBuffer(100 * 1024);
        error = null;
        for (let index = 1; index < 10 && !error; index += 1)
          error = await renders.write(sequence, `Frames_000${index}.png`, 0, frame).then(
            () => null,
            (thrown: HostError) => thrown,
          );
        expect(error?.code).toBe('no-space');
        expect(readdirSync(small)).toEqual([]);
      } finally {
        execFileSync('umount', [small]);
      }
    },
  );

  it('keeps renders inside the granted roots and checks names and counts', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'morf-renders-outside-'));
    try {
      expect((await failure(renders.begin(join(outside, 'x.webm'), 'file', false))).code).toBe('denied');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    const id = await started(renders, join(folder, 'Frames'), 'sequence');
    expect((await failure(renders.write(id, '', 0, bytesOf('x')))).message).toContain('needs a name');
    const file = await started(renders, join(folder, 'A.gif'), 'file');
    expect((await failure(renders.write(file, 'A_0001.png', 0, bytesOf('x')))).message).toContain('no file name');
    for (const name of ['../escape.png', 'a/b.png', '.hidden', 'x.png.', 'C:x', 'con\u0000.png'])
      expect(() =>
        validateArguments('writeRenderOutput', { id: '0'.repeat(32), name, position: 0, bytes: new ArrayBuffer(1) }),
      ).toThrow(HostError);
    expect(() =>
      validateArguments('writeRenderOutput', {
        id: '0'.repeat(32),
        name: '',
        position: limits.renderBytes + 1,
        bytes: new ArrayBuffer(1),
      }),
    ).toThrow(/position/);
    expect(() => validateArguments('finishRenderOutput', { id: 'not-an-id' })).toThrow(/render id/);
    // A folder and a file cannot stand in for each other.
    mkdirSync(join(folder, 'Taken'));
    writeFileSync(join(folder, 'Taken.png'), 'x');
    expect((await failure(renders.begin(join(folder, 'Taken'), 'file', true))).code).toBe('invalid-argument');
    expect((await failure(renders.begin(join(folder, 'Taken.png'), 'sequence', true))).code).toBe('invalid-argument');
  });

  it('holds at most limits.renderOutputs renders, and abandons one whose writer went quiet', async () => {
    for (let index = 0; index < limits.renderOutputs; index += 1)
      await started(renders, join(folder, `${index}.gif`), 'file');
    expect((await failure(renders.begin(join(folder, 'more.gif'), 'file', false))).message).toContain('already');
    await renders.dispose();
    expect(readdirSync(folder)).toEqual([]);

    const quick = new RenderOutputs(guard, undefined, 50);
    const id = await started(quick, join(folder, 'Idle.webm'), 'file');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(quick.count).toBe(0);
    expect(readdirSync(folder)).toEqual([]);
    expect((await failure(quick.finish(id))).code).toBe('not-found');
  });

  it('removes temporaries of renders whose process died', async () => {
    const target = join(folder, 'Shot.webm');
    // A pid far above any running process's.
    writeFileSync(join(folder, '.Shot.webm.999999999-abcdef012345.morf-tmp'), 'left by a crash');
    mkdirSync(join(folder, '.Shot.webm.999999998-abcdef012345.morf-tmp'));
    const id = await started(renders, target, 'file');
    expect(readdirSync(folder).filter((name) => name.includes('99999999'))).toEqual([]);
    await renders.abort(id);
  });
});
