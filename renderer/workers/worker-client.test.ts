import { describe, expect, it } from 'vitest';
import { createWorkerClient } from './worker-client';

/** Doubles `value`; fails for negative values; `bytes` is transferred to show zero-copy. */
interface DoubleRequest {
  id: number;
  value: number;
  bytes: ArrayBuffer;
}
type DoubleResponse =
  { id: number; ok: true; doubled: number; bytesSeen: number } | { id: number; ok: false; error: string };

class TaggedError extends Error {
  constructor(
    message: string,
    readonly tag: string,
  ) {
    super(message);
  }
}

/** A stand-in Worker: answers after a tick through structuredClone with the transfer list, out of order when asked. */
class FakeWorker {
  onmessage: ((event: MessageEvent<DoubleResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  held: DoubleRequest[] = [];
  holdAnswers = false;

  postMessage(message: DoubleRequest, transfer: Transferable[]): void {
    const request = structuredClone(message, { transfer });
    if (this.holdAnswers) this.held.push(request);
    else setTimeout(() => this.answer(request), 0);
  }

  answer(request: DoubleRequest): void {
    if (this.terminated) return;
    const response: DoubleResponse =
      request.value < 0
        ? { id: request.id, ok: false, error: `negative ${request.value}` }
        : { id: request.id, ok: true, doubled: request.value * 2, bytesSeen: request.bytes.byteLength };
    this.onmessage?.({ data: structuredClone(response) } as MessageEvent<DoubleResponse>);
  }

  crash(message: string): void {
    this.onerror?.({ message } as ErrorEvent);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function clientOver(createWorker: (() => Worker) | null) {
  return createWorkerClient<DoubleRequest, DoubleResponse, string, number>({
    createWorker,
    resultOf: (response) => response.doubled * 1000 + response.bytesSeen,
    errorOf: (failure) => new TaggedError(failure, 'answer'),
    thrownErrorOf: (thrown) => new TaggedError(thrown instanceof Error ? thrown.message : String(thrown), 'thrown'),
    crashError: (detail) => new TaggedError(`crashed: ${detail}`, 'crash'),
    closedError: () => new TaggedError('closed', 'closed'),
  });
}

const inlineNotExpected = (): number => {
  throw new Error('ran inline although a worker was running');
};

describe('worker client', () => {
  it('transfers the request buffers and settles each call with its own answer, in any order', async () => {
    const worker = new FakeWorker();
    worker.holdAnswers = true;
    const client = clientOver(() => worker as unknown as Worker);
    const first = new ArrayBuffer(3);
    const second = new ArrayBuffer(5);
    const one = client.call((id) => ({ id, value: 1, bytes: first }), [first], inlineNotExpected);
    const two = client.call((id) => ({ id, value: 2, bytes: second }), [second], inlineNotExpected);
    expect(first.byteLength).toBe(0); // moved to the worker, not copied
    expect(second.byteLength).toBe(0);
    expect(worker.held.map((request) => request.id)).toEqual([1, 2]);
    worker.answer(worker.held[1]!);
    worker.answer(worker.held[0]!);
    await expect(one).resolves.toBe(2003);
    await expect(two).resolves.toBe(4005);
  });

  it('rejects a failed answer with the error the caller rebuilds', async () => {
    const client = clientOver(() => new FakeWorker() as unknown as Worker);
    const error = await client
      .call((id) => ({ id, value: -4, bytes: new ArrayBuffer(0) }), [], inlineNotExpected)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TaggedError);
    expect(error).toMatchObject({ message: 'negative -4', tag: 'answer' });
  });

  it('starts the worker lazily, once, or on start()', async () => {
    let starts = 0;
    const client = clientOver(() => {
      starts += 1;
      return new FakeWorker() as unknown as Worker;
    });
    expect(starts).toBe(0);
    expect(client.start()).toBe(true);
    expect(client.start()).toBe(true);
    await client.call((id) => ({ id, value: 1, bytes: new ArrayBuffer(0) }), [], inlineNotExpected);
    expect(starts).toBe(1);
  });

  it('runs inline without a factory, or when the factory throws, without trying it again', async () => {
    expect(clientOver(null).start()).toBe(false);
    await expect(
      clientOver(null).call(
        (id) => ({ id, value: 1, bytes: new ArrayBuffer(0) }),
        [],
        () => 7,
      ),
    ).resolves.toBe(7);
    let starts = 0;
    const client = clientOver(() => {
      starts += 1;
      throw new Error('no workers here');
    });
    await expect(
      client.call(
        (id) => ({ id, value: 1, bytes: new ArrayBuffer(0) }),
        [],
        () => 8,
      ),
    ).resolves.toBe(8);
    const error = await client
      .call(
        (id) => ({ id, value: 1, bytes: new ArrayBuffer(0) }),
        [],
        () => {
          throw new Error('bad bytes');
        },
      )
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: 'bad bytes', tag: 'thrown' });
    expect(client.start()).toBe(false);
    expect(starts).toBe(1);
  });

  it('rejects every pending call when the worker crashes, then starts a new one', async () => {
    const workers: FakeWorker[] = [];
    const client = clientOver(() => {
      workers.push(new FakeWorker());
      workers.at(-1)!.holdAnswers = workers.length === 1;
      return workers.at(-1) as unknown as Worker;
    });
    const pending = [1, 2].map((value) =>
      client
        .call((id) => ({ id, value, bytes: new ArrayBuffer(0) }), [], inlineNotExpected)
        .catch((caught: unknown) => caught),
    );
    workers[0]!.crash('out of memory');
    for (const error of await Promise.all(pending))
      expect(error).toMatchObject({ message: 'crashed: out of memory', tag: 'crash' });
    expect(workers[0]!.terminated).toBe(true);
    await expect(
      client.call((id) => ({ id, value: 3, bytes: new ArrayBuffer(0) }), [], inlineNotExpected),
    ).resolves.toBe(6000);
    expect(workers).toHaveLength(2);
  });

  it('rejects a request postMessage refuses with the caller’s error', async () => {
    const worker = new FakeWorker();
    const client = clientOver(() => worker as unknown as Worker);
    const bytes = new ArrayBuffer(2);
    const error = await client
      .call((id) => ({ id, value: 1, bytes }), [bytes, bytes], inlineNotExpected)
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ tag: 'thrown' }); // a buffer listed twice: DataCloneError, rebuilt by thrownErrorOf
  });

  it('terminates the worker and rejects pending calls as closed on dispose', async () => {
    const worker = new FakeWorker();
    worker.holdAnswers = true;
    const client = clientOver(() => worker as unknown as Worker);
    const pending = client.call((id) => ({ id, value: 1, bytes: new ArrayBuffer(0) }), [], inlineNotExpected);
    client.dispose();
    await expect(pending).rejects.toMatchObject({ message: 'closed', tag: 'closed' });
    expect(worker.terminated).toBe(true);
    worker.answer(worker.held[0]!); // a late answer after dispose is ignored
  });
});
