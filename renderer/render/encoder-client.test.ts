/**
 * The main thread's side of the encoding worker, against a fake worker: frames wait while FRAMES_AHEAD are in
 * flight, the worker's writes reach the sink in order and are acknowledged, and the first failure (the sink's, such
 * as a full disk) is what the render sees.
 */
import { describe, expect, it } from 'vitest';
import { HostError } from '../../shared/contract/contract';
import type { FromEncoder, ToEncoder } from './encoder-protocol';
import { type EncoderWorker, FRAMES_AHEAD, startEncoder } from './encoder-client';
import type { RenderSink } from './render-sink';

const config = {
  format: 'webm' as const,
  width: 320,
  height: 240,
  fps: 30,
  frames: 10,
  stem: 'Shot',
  alpha: false,
  quality: 'medium' as const,
  audio: null,
};

/** A worker that records what it is sent; the test answers for it. */
function fakeWorker() {
  const received: ToEncoder[] = [];
  let terminated = false;
  const worker: EncoderWorker = {
    onmessage: null,
    onerror: null,
    postMessage(message: ToEncoder) {
      received.push(message);
    },
    terminate() {
      terminated = true;
    },
  };
  const answer = (message: FromEncoder) => worker.onmessage!({ data: message } as MessageEvent<FromEncoder>);
  return { worker, received, answer, terminated: () => terminated };
}

const frame = () => ({ close() {} }) as unknown as VideoFrame;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function memorySink(fail: Error | null = null): RenderSink & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    async write(name, position, bytes) {
      if (fail) throw fail;
      writes.push(`${name}@${position}:${bytes.byteLength}`);
    },
    finish: async () => ({ where: 'memory', files: 1, bytes: 0, backupPath: null }),
    abort: async () => undefined,
  };
}

describe('the render’s encoder client', () => {
  it('keeps at most FRAMES_AHEAD frames in flight and writes in order', async () => {
    const fake = fakeWorker();
    const sink = memorySink();
    const starting = startEncoder(config, sink, () => fake.worker);
    expect(fake.received[0]).toEqual({ type: 'start', config });
    fake.answer({ type: 'started' });
    const encoder = await starting;
    for (let index = 0; index < FRAMES_AHEAD; index += 1) await encoder.add(frame(), index);
    let fourthSent = false;
    const fourth = encoder.add(frame(), FRAMES_AHEAD).then(() => (fourthSent = true));
    await tick();
    expect(fourthSent).toBe(false);
    expect(fake.received.filter((message) => message.type === 'frame')).toHaveLength(FRAMES_AHEAD);
    fake.answer({ type: 'accepted', index: 0 });
    await fourth;
    expect(fake.received.filter((message) => message.type === 'frame')).toHaveLength(FRAMES_AHEAD + 1);

    fake.answer({ type: 'write', sequence: 1, name: '', position: 0, bytes: new ArrayBuffer(8) });
    fake.answer({ type: 'write', sequence: 2, name: '', position: 8, bytes: new ArrayBuffer(4) });
    await tick();
    expect(sink.writes).toEqual(['@0:8', '@8:4']);
    expect(fake.received.filter((message) => message.type === 'written')).toEqual([
      { type: 'written', sequence: 1 },
      { type: 'written', sequence: 2 },
    ]);
    const finishing = encoder.finish();
    expect(fake.received.at(-1)).toEqual({ type: 'finish' });
    fake.answer({ type: 'finished' });
    await finishing;
    encoder.dispose();
    expect(fake.terminated()).toBe(true);
  });

  it('fails the render with the sink’s error (a full disk) and tells the worker', async () => {
    const fake = fakeWorker();
    const full = new HostError('no-space', 'the disk is full: cannot write the render; nothing was left at Shot.webm');
    const starting = startEncoder(config, memorySink(full), () => fake.worker);
    fake.answer({ type: 'started' });
    const encoder = await starting;
    await encoder.add(frame(), 0);
    fake.answer({ type: 'write', sequence: 1, name: '', position: 0, bytes: new ArrayBuffer(8) });
    await tick();
    expect(fake.received.at(-1)).toEqual({ type: 'writeFailed', sequence: 1, message: full.message });
    // The worker then reports its own failure; the render still sees the disk's.
    fake.answer({ type: 'failed', message: 'the encoder gave up' });
    await expect(encoder.add(frame(), 1)).rejects.toBe(full);
    await expect(encoder.finish()).rejects.toBe(full);
  });

  it('rejects the start when the worker cannot start (and ends it)', async () => {
    const fake = fakeWorker();
    const starting = startEncoder(config, memorySink(), () => fake.worker);
    fake.answer({ type: 'failed', message: 'no VP9 encoder' });
    await expect(starting).rejects.toThrow('no VP9 encoder');
    expect(fake.terminated()).toBe(true);
  });
});
