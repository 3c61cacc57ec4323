import { describe, expect, it } from 'vitest';
import { decodeBody, encodeBody, frameContentType, WireFormatError } from './wire';

describe('browser shell wire frames', () => {
  it('sends values without bytes as JSON', () => {
    const { contentType, body } = encodeBody({ ok: true, value: { a: [1, 'b'] } });
    expect(contentType).toBe('application/json');
    expect(decodeBody(contentType, body)).toEqual({ ok: true, value: { a: [1, 'b'] } });
  });

  it('carries ArrayBuffers as raw bytes after the header, not as JSON numbers', () => {
    const bytes = new Uint8Array(1000).map((_, index) => index & 0xff).buffer;
    const value = {
      ok: true,
      value: { identity: { path: '/a', size: 1000 }, bytes, nested: [{ more: new Uint8Array([9]).buffer }] },
    };
    const { contentType, body } = encodeBody(value);
    expect(contentType).toBe(frameContentType);
    expect(body.byteLength).toBeLessThan(1000 + 300);
    const decoded = decodeBody(contentType, body) as typeof value;
    expect(new Uint8Array(decoded.value.bytes)).toEqual(new Uint8Array(bytes));
    expect(new Uint8Array(decoded.value.nested[0]!.more)).toEqual(new Uint8Array([9]));
    expect(decoded.value.identity).toEqual({ path: '/a', size: 1000 });
  });

  it('refuses truncated frames and lengths past the end with the offset', () => {
    const { body } = encodeBody({ bytes: new ArrayBuffer(16) });
    expect(() => decodeBody(frameContentType, body.subarray(0, body.byteLength - 1))).toThrow(WireFormatError);
    expect(() => decodeBody(frameContentType, body.subarray(0, 2))).toThrow(/shorter/);
    const lying = body.slice();
    new DataView(lying.buffer).setUint32(0, 0xffffffff, true);
    expect(() => decodeBody(frameContentType, lying)).toThrow(/exceeds/);
    expect(() => decodeBody('text/html', body)).toThrow(/unsupported content type/);
  });

  it('refuses a buffer path that would write to a prototype', () => {
    const header = new TextEncoder().encode(
      JSON.stringify({ value: {}, buffers: [{ path: ['__proto__', 'polluted'], length: 0 }] }),
    );
    const frame = new Uint8Array(4 + header.byteLength);
    new DataView(frame.buffer).setUint32(0, header.byteLength, true);
    frame.set(header, 4);
    expect(() => decodeBody(frameContentType, frame)).toThrow(WireFormatError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('frames decoded from a view into a larger buffer', () => {
  it('returns buffers of exactly the carried bytes (Node Buffer bodies share a pool)', () => {
    const { body } = encodeBody({ bytes: new Uint8Array([1, 2, 3]).buffer });
    const pool = new Uint8Array(body.byteLength + 64).fill(7);
    pool.set(body, 32);
    const view = Buffer.from(pool.buffer, 32, body.byteLength);
    const decoded = decodeBody(frameContentType, view) as { bytes: ArrayBuffer };
    expect(decoded.bytes.byteLength).toBe(3);
    expect(new Uint8Array(decoded.bytes)).toEqual(new Uint8Array([1, 2, 3]));
  });
});
