/**
 * The MDX validation pass: every chunk the model knows is read with its kind's codec (once per chunk: the typed
 * read is memoized, typed-chunks.ts) and what reading found is reported, with the container's checks and the checks
 * across chunks (objectIds, parents, the pivot and bind-pose counts), as diagnostics. Never throws and never changes
 * the model. Opening a model stays lazy; this pass is what `morf validate` and the diagnostics panel run.
 */
import type { Diagnostic } from '../diagnostics';
import { chunkOrigin, chunkPositions, type MdxChunk } from '../mdx/container';
import type { NodeObject } from './kinds/node';
import { BIND_POSE_FLOATS } from './kinds/bind-pose';
import { PIVOT_FLOATS } from './kinds/pivot';
import { chunkContainerDiagnostics, hasVersionChunk, modelContainerDiagnostics, type MdxModel } from './mdx-file';
import { isMdxChunkTag, nodeKindOfTag, POSED_AFTER_NODES } from './registry';
import { typedChunkOf } from './typed-chunks';
import { isParsedChunk } from './typed-model';

/** A node as the cross-chunk checks see it. */
export interface CheckedNode {
  readonly tag: string;
  /** Position among its chunk's objects. */
  readonly index: number;
  readonly name: string;
  readonly objectId: number;
  readonly parentId: number;
}

/**
 * What validating one chunk found: its own diagnostics (offsets counting from {@link chunkOrigin}) and the
 * facts the model-wide checks need. Plain data, so it survives a structured clone beside its chunk.
 */
export interface MdxChunkCheck {
  readonly diagnostics: readonly Diagnostic[];
  /** Points of a readable PIVT, matrices of a readable BPOS, objects of a readable chunk posed after the nodes. */
  readonly pivotCount?: number;
  readonly bindPoseCount?: number;
  readonly cameraCount?: number;
  /** The objects of a node chunk. */
  readonly nodes: readonly CheckedNode[];
}

/** The facts the model-wide checks need from one typed chunk. */
function factsOf(tag: string, parsed: unknown): Omit<MdxChunkCheck, 'diagnostics'> {
  if (nodeKindOfTag(tag) !== undefined) {
    const nodes = (parsed as readonly NodeObject[]).map(({ node }, index) => ({
      tag,
      index,
      name: node.name,
      objectId: node.objectId,
      parentId: node.parentId,
    }));
    return { nodes };
  }
  if (tag === 'PIVT') return { nodes: [], pivotCount: (parsed as Float32Array).length / PIVOT_FLOATS };
  if (tag === 'BPOS') return { nodes: [], bindPoseCount: (parsed as Float32Array).length / BIND_POSE_FLOATS };
  if (POSED_AFTER_NODES.includes(tag as never)) return { nodes: [], cameraCount: (parsed as unknown[]).length };
  return { nodes: [] };
}

const checks = new WeakMap<MdxChunk, { version: number; firstOfTag: boolean; check: MdxChunkCheck }>();

/**
 * Validates one chunk on its own: the container's checks and, for a chunk the model knows that is the first of its
 * tag (a second one is kept, reported and not read) or holds nodes, what reading it with its kind's codec found.
 * Memoized per chunk, so that after an edit only the chunks it replaced are checked again. Never throws.
 */
export function checkMdxChunk(chunk: MdxChunk, version: number, firstOfTag: boolean): MdxChunkCheck {
  const cached = checks.get(chunk);
  if (cached && cached.version === version && cached.firstOfTag === firstOfTag) return cached.check;
  const diagnostics = chunkContainerDiagnostics(chunk, version, firstOfTag);
  let facts: Omit<MdxChunkCheck, 'diagnostics'> = { nodes: [] };
  if (isMdxChunkTag(chunk.tag) && (firstOfTag || nodeKindOfTag(chunk.tag) !== undefined)) {
    const read = typedChunkOf(chunk, version);
    diagnostics.push(...read.diagnostics);
    if (isParsedChunk(read.chunk)) facts = factsOf(chunk.tag, read.chunk.parsed);
  }
  const check: MdxChunkCheck = Object.freeze({ ...facts, diagnostics: Object.freeze(diagnostics) });
  checks.set(chunk, { version, firstOfTag, check });
  return check;
}

/**
 * Seeds the per-chunk memo with checks made elsewhere (`checks[i]` of `model.chunks[i]`, by
 * {@link checkMdxChunks}) — after a structured clone from the worker that read the model — so that they are not
 * made again.
 */
export function primeMdxChunkChecks(model: MdxModel, chunkChecks: readonly MdxChunkCheck[]): void {
  if (chunkChecks.length !== model.chunks.length) return;
  const firsts = firstOfTags(model);
  model.chunks.forEach((chunk, index) => {
    if (!checks.has(chunk))
      checks.set(chunk, { version: model.version, firstOfTag: firsts[index]!, check: chunkChecks[index]! });
  });
}

/** Whether each chunk is the first of its tag in the model. */
export function firstOfTags(model: MdxModel): boolean[] {
  const seen = new Set<string>();
  return model.chunks.map((chunk) => {
    const first = !seen.has(chunk.tag);
    seen.add(chunk.tag);
    return first;
  });
}

/** The check of every chunk of the model, in order (memoized per chunk). */
export function checkMdxChunks(model: MdxModel): MdxChunkCheck[] {
  const firsts = firstOfTags(model);
  return model.chunks.map((chunk, index) => checkMdxChunk(chunk, model.version, firsts[index]!));
}

/**
 * The model's diagnostics from its chunks' checks (`checks[i]` of `model.chunks[i]`, as {@link checkMdxChunks}
 * gives them): each chunk's diagnostics at the offset the chunk has in the file written now, then the checks
 * across chunks — objectIds unique and dense, parents, the PIVT and BPOS counts. Never throws.
 */
export function validateMdxChecks(model: MdxModel, chunkChecks: readonly MdxChunkCheck[]): Diagnostic[] {
  const diagnostics: Diagnostic[] = modelContainerDiagnostics(model, hasVersionChunk(model));
  const positions = chunkPositions(model);
  let pivotCount: number | undefined;
  let bindPoseCount: number | undefined;
  let cameraCount = 0;
  let hasPivotChunk = false;
  const nodes: CheckedNode[] = [];
  model.chunks.forEach((chunk, index) => {
    const check = chunkChecks[index]!;
    const shift = positions[index]! - chunkOrigin(chunk);
    for (const diagnostic of check.diagnostics) {
      diagnostics.push(
        diagnostic.offset === undefined || shift === 0
          ? diagnostic
          : { ...diagnostic, offset: diagnostic.offset + shift },
      );
    }
    if (chunk.tag === 'PIVT') hasPivotChunk = true;
    pivotCount ??= check.pivotCount;
    bindPoseCount ??= check.bindPoseCount;
    cameraCount = check.cameraCount ?? cameraCount;
    for (const node of check.nodes) nodes.push(node);
  });
  crossCheckNodes(nodes, diagnostics);
  if (nodes.length > 0 && pivotCount !== undefined && pivotCount !== nodes.length) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.pivot-count',
      message: `PIVT has ${pivotCount} points for ${nodes.length} nodes.`,
      where: 'PIVT',
    });
  } else if (nodes.length > 0 && pivotCount === undefined && !hasPivotChunk) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.pivot-count',
      message: `The model has ${nodes.length} nodes and no PIVT chunk.`,
      where: 'PIVT',
    });
  }
  if (bindPoseCount !== undefined && bindPoseCount !== nodes.length + cameraCount && bindPoseCount !== nodes.length) {
    diagnostics.push({
      severity: 'info',
      code: 'mdx.bind-pose-count',
      message: `BPOS has ${bindPoseCount} matrices for ${nodes.length} nodes and ${cameraCount} cameras.`,
      where: 'BPOS',
    });
  }
  return diagnostics;
}

/** objectIds unique and dense, parents that exist. */
function crossCheckNodes(nodes: readonly CheckedNode[], diagnostics: Diagnostic[]): void {
  const ids = new Set<number>();
  const duplicates = new Set<number>();
  for (const node of nodes) {
    if (ids.has(node.objectId)) duplicates.add(node.objectId);
    ids.add(node.objectId);
  }
  if (duplicates.size > 0) {
    diagnostics.push({
      severity: 'error',
      code: 'mdx.duplicate-object-id',
      message: `Several nodes share objectId ${[...duplicates].slice(0, 8).join(', ')}.`,
      where: 'objectId',
    });
  }
  const gaps = [...ids].filter((id) => id < 0 || id >= nodes.length);
  if (duplicates.size === 0 && gaps.length > 0) {
    diagnostics.push({
      severity: 'warning',
      code: 'mdx.object-ids-not-dense',
      message: `ObjectIds should run from 0 to ${nodes.length - 1}; found ${gaps.slice(0, 8).join(', ')}.`,
      where: 'objectId',
    });
  }
  for (const node of nodes) {
    const parentId = node.parentId;
    if (parentId !== -1 && (!ids.has(parentId) || parentId === node.objectId)) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdx.missing-parent',
        message:
          `${node.tag}[${node.index}] "${node.name}" names parent ${parentId}, ` +
          `which ${parentId === node.objectId ? 'is itself' : 'no node has'}.`,
        where: `${node.tag}[${node.index}].parentId`,
        ...(node.tag === 'EVTS' ? { target: { kind: 'eventObject' as const, objectIndex: node.index } } : {}),
      });
    }
  }
}

/**
 * Checks the whole model: every understood chunk, objectIds (unique and dense), parents, and the PIVT and BPOS
 * counts, with the container's diagnostics. Never throws.
 */
export function validateMdx(model: MdxModel): Diagnostic[] {
  return validateMdxChecks(model, checkMdxChunks(model));
}
