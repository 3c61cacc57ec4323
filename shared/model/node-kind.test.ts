import { describe, expect, it } from 'vitest';
import { NODE_KEYWORDS } from '../mdl/nodes';
import { NODE_CHUNKS } from '../mdx/node-objects';
import { NODE_KINDS } from './node-kind';

describe('node kinds', () => {
  it('are the MDX node chunks, in their canonical objectId order', () => {
    expect(NODE_CHUNKS.map((chunk) => chunk.kind)).toEqual([...NODE_KINDS]);
  });

  it('each have one MDL block keyword', () => {
    expect(Object.keys(NODE_KEYWORDS).sort()).toEqual([...NODE_KINDS].sort());
    expect(new Set(Object.values(NODE_KEYWORDS)).size).toBe(NODE_KINDS.length);
  });
});
