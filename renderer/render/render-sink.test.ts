import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { downloadSink, startHostSink } from './render-sink';

describe('render sinks', () => {
  it('assembles a download from positioned writes, and a sequence as a .zip of its files', async () => {
    const saved: { name: string; bytes: Uint8Array }[] = [];
    const save = (bytes: Uint8Array, name: string) => saved.push({ name, bytes: bytes.slice() });
    const file = downloadSink('Shot.webm', 'file', save);
    await file.write('', 0, new TextEncoder().encode('header??rest'));
    await file.write('', 6, new TextEncoder().encode('OK'));
    expect(await file.finish()).toEqual({ where: 'Shot.webm', files: 1, bytes: 12, backupPath: null });
    expect(new TextDecoder().decode(saved[0]!.bytes)).toBe('headerOKrest');

    const sequence = downloadSink('Frames', 'sequence', save);
    await sequence.write('Frames_0001.png', 0, Uint8Array.of(1, 2));
    await sequence.write('Frames_0002.png', 0, Uint8Array.of(3));
    const result = await sequence.finish();
    expect(result).toMatchObject({ where: 'Frames.zip', files: 2 });
    const files = unzipSync(saved[1]!.bytes);
    expect(Object.keys(files).sort()).toEqual(['Frames_0001.png', 'Frames_0002.png']);
    expect([...files['Frames_0001.png']!]).toEqual([1, 2]);
  });

  it('writes through the host’s render output, whole buffers only, and asks before replacing', async () => {
    const calls: string[] = [];
    let exists = true;
    const host = {
      async beginRenderOutput({ path, replace }: { path: string; replace: boolean }) {
        calls.push(`begin ${path} ${replace}`);
        return exists && !replace
          ? { status: 'exists' as const, path }
          : { status: 'started' as const, id: 'a'.repeat(32) };
      },
      async writeRenderOutput({ position, bytes }: { position: number; bytes: ArrayBuffer }) {
        calls.push(`write ${position} ${bytes.byteLength}`);
        return null;
      },
      async finishRenderOutput() {
        calls.push('finish');
        return { path: '/out/Shot.webm', files: 1, bytes: 3, backupPath: '/out/Shot.webm.bak' };
      },
      async abortRenderOutput() {
        calls.push('abort');
        return null;
      },
    };
    expect(await startHostSink(host, '/out/Shot.webm', 'file', false)).toBe('exists');
    exists = false;
    const sink = await startHostSink(host, '/out/Shot.webm', 'file', true);
    if (sink === 'exists') throw new Error('expected a sink');
    // A view into a larger buffer is sent as a buffer of its own bytes.
    await sink.write('', 5, new Uint8Array(new ArrayBuffer(16), 4, 3));
    expect(await sink.finish()).toEqual({
      where: '/out/Shot.webm',
      files: 1,
      bytes: 3,
      backupPath: '/out/Shot.webm.bak',
    });
    await sink.abort(); // finished: nothing to abort
    expect(calls).toEqual(['begin /out/Shot.webm false', 'begin /out/Shot.webm true', 'write 5 3', 'finish']);
  });
});
