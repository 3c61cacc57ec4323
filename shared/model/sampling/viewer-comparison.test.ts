/**
 * Node world matrices against mdx-m3-viewer's own animation code on the corpus: its track sampler (Sd) and its
 * skeletal node (SkeletalNode.recalculateTransformation), run in Node over its parse of the same file, against our
 * updateNodeTransforms over the typed model, at five times in every sequence of every corpus MDX it reads.
 *
 * Compared where the two sets of rules agree (track-sampler.ts says where they part): nodes whose own and
 * ancestors' tracks have, in the interval sampled, no key, or a first key at or before the time and a last key at
 * or after it, keys in time order (we sort others, mdx-m3-viewer searches them as stored), and not between two
 * equal quaternions off unit length (which we hold: see quaternion.ts); and no
 * billboarding or don't-inherit flags up the chain (mdx-m3-viewer reads the don't-inherit
 * rotation and scaling bits the other way round from the specification, and places billboards with its own camera).
 * Skips with a message when ../shared is absent.
 */
import { parsers } from 'mdx-m3-viewer';
import GenericObject from 'mdx-m3-viewer/dist/cjs/viewer/handlers/mdx/genericobject';
import { createSkeletalNodes } from 'mdx-m3-viewer/dist/cjs/viewer/skeletalnode';
import { expect, it } from 'vitest';
import { corpusModels, describeCorpus, modelCorpus } from '../../../tests/testing/corpus';
import { findParsedChunk, readMdxModel } from '../mdx-model';
import type { Track } from '../track';
import { createNodeTransforms, MATRIX_FLOATS, updateNodeTransforms } from './node-transforms';
import { createSampleTime, setSampleTime, type SampleTime } from './sample-time';
import { timeOrdered } from './track-sampler';

type ViewerModel = InstanceType<typeof parsers.mdlx.Model>;

const FLAGS_NOT_COMPARED = 0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20 | 0x40;

function viewerParse(bytes: Uint8Array): ViewerModel | null {
  try {
    const model = new parsers.mdlx.Model();
    model.load(bytes);
    return model;
  } catch {
    return null;
  }
}

/** True when our rules and mdx-m3-viewer's give the same value for `track` at `time`. */
function rulesAgree(track: Track | null, time: SampleTime): boolean {
  if (!track || track.keyCount === 0) return true;
  let frame = time.frameMs;
  let start = time.sequenceStartMs;
  let end = time.sequenceEndMs;
  // Keys out of time order: we sort them, mdx-m3-viewer searches them as stored.
  if (timeOrdered(track) !== track) return false;
  const frames: number[] = [];
  for (let key = 0; key < track.keyCount; key += 1) frames.push(track.keyWords[key * track.stride]!);
  if (track.globalSequenceId >= 0) {
    const duration = time.globalSequences[track.globalSequenceId];
    if (!duration) return false;
    // mdx-m3-viewer holds a global track's first key when it lies past the duration.
    if (frames[0]! > duration) return false;
    start = 0;
    end = duration;
    frame = time.globalMs % duration;
  }
  const inside = frames.filter((value) => value >= start && value <= end);
  if (inside.length === 0) return true;
  if (frame < inside[0]! || frame > inside[inside.length - 1]!) return false;
  // mdx-m3-viewer holds a sequence whose key values are all equal, whatever its Hermite or Bezier tangents say.
  if (track.interpolation >= 2 && inside.length > 1 && sameValues(track, frames, start, end)) return false;
  return track.components !== 4 || !equalOffUnitPair(track, frames, frame);
}

/** True when every key of the interval has the same value. */
function sameValues(track: Track, frames: readonly number[], start: number, end: number): boolean {
  let first = -1;
  for (let key = 0; key < frames.length; key += 1) {
    if (frames[key]! < start || frames[key]! > end) continue;
    if (first < 0) first = key;
    for (let component = 0; component < track.components; component += 1)
      if (track.keyValues[key * track.stride + 1 + component] !== track.keyValues[first * track.stride + 1 + component])
        return false;
  }
  return true;
}

/**
 * True when a quaternion track interpolates, at `frame`, between two equal quaternions (keys, or the earlier key's
 * out-tangent and the later one's in-tangent) that are off unit length: we hold them, gl-matrix's slerp (in
 * mdx-m3-viewer) bulges between them by up to a few tenths of a percent.
 */
function equalOffUnitPair(track: Track, frames: readonly number[], frame: number): boolean {
  let before = -1;
  for (let key = 0; key < frames.length; key += 1) if (frames[key]! <= frame) before = key;
  if (before < 0 || before + 1 >= frames.length) return false;
  const values = track.keyValues;
  const blocks =
    track.stride === 5
      ? [[1, 1]]
      : [
          [1, 1],
          [9, 5],
        ];
  return blocks.some(([fromBefore, fromAfter]) => {
    const a = before * track.stride + fromBefore!;
    const b = (before + 1) * track.stride + fromAfter!;
    let same = true;
    let lengthSquared = 0;
    for (let component = 0; component < 4; component += 1) {
      same &&= values[a + component] === values[b + component];
      lengthSquared += values[a + component]! ** 2;
    }
    return same && Math.abs(lengthSquared - 1) > 1e-6;
  });
}

const files = corpusModels('MDX').map((entry) => ({ ...entry, bytes: modelCorpus.bytes(entry.file) }));

describeCorpus(modelCorpus, 'Node world matrices against mdx-m3-viewer', () => {
  it('match mdx-m3-viewer’s skeleton on every corpus MDX it reads, wherever the rules agree', () => {
    let models = 0;
    let compared = 0;
    let skipped = 0;
    const mismatches: string[] = [];
    for (const entry of files) {
      const viewer = viewerParse(entry.bytes);
      if (!viewer) continue;
      const typed = readMdxModel(entry.bytes);
      const ours = createNodeTransforms(typed);
      const globalSequences = findParsedChunk(typed, 'GLBS') ?? [];
      const fakeModel = {
        sequences: viewer.sequences,
        globalSequences: viewer.globalSequences,
        pivotPoints: viewer.pivotPoints,
      };
      const objects = [
        ...viewer.bones,
        ...viewer.lights,
        ...viewer.helpers,
        ...viewer.attachments,
        ...viewer.particleEmitters,
        ...viewer.particleEmitters2,
        ...viewer.particleEmittersPopcorn,
        ...viewer.ribbonEmitters,
        ...viewer.eventObjects,
        ...viewer.collisionShapes,
      ];
      // Our node order is file order too, so node i is the same object on both sides.
      if (objects.length !== ours.count) continue;
      models += 1;
      const generic = objects.map((object, index) => new GenericObject(fakeModel as never, object as never, index));
      const { nodes } = createSkeletalNodes(objects.length);
      const root = {
        worldMatrix: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
        worldRotation: new Float32Array([0, 0, 0, 1]),
        inverseWorldRotation: new Float32Array([0, 0, 0, 1]),
        worldScale: new Float32Array([1, 1, 1]),
        inverseWorldScale: new Float32Array([1, 1, 1]),
        inverseWorldLocation: new Float32Array(3),
        worldLocation: new Float32Array(3),
        scene: { camera: null },
      };
      nodes.forEach((node, index) => {
        (node.pivot as Float32Array).set(generic[index]!.pivot);
        const parent = ours.parents[index]!;
        node.parent = (parent >= 0 ? nodes[parent] : root) as never;
      });
      const time = createSampleTime(globalSequences);
      viewer.sequences.forEach((sequence, sequenceIndex) => {
        const [start, end] = [sequence.interval[0]!, sequence.interval[1]!];
        for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
          const frame = Math.round(start + (end - start) * fraction);
          setSampleTime(time, frame, start, end, frame);
          updateNodeTransforms(ours, time);
          const agrees = new Uint8Array(ours.count);
          for (const index of ours.order) {
            const parent = ours.parents[index]!;
            agrees[index] = Number(
              (parent < 0 || agrees[parent] === 1) &&
                (ours.flags[index]! & FLAGS_NOT_COMPARED) === 0 &&
                ours.nodes[index]!.object.node.tracks.every((track) => rulesAgree(track, time)),
            );
            const node = nodes[index]!;
            const object = generic[index]!;
            object.getTranslation(node.localLocation, sequenceIndex, frame, frame);
            object.getRotation(node.localRotation, sequenceIndex, frame, frame);
            object.getScale(node.localScale, sequenceIndex, frame, frame);
            node.recalculateTransformation(root as never);
            if (!agrees[index]) {
              skipped += 1;
              continue;
            }
            compared += 1;
            for (let element = 0; element < MATRIX_FLOATS; element += 1) {
              const theirs = node.worldMatrix[element]!;
              const mine = ours.worldMatrices[index * MATRIX_FLOATS + element]!;
              if (Math.abs(theirs - mine) > 1e-3 + 1e-4 * Math.abs(theirs)) {
                mismatches.push(
                  `${entry.file} ${sequence.name}@${frame} node ${index} [${element}] ${mine} ≠ ${theirs}`,
                );
                break;
              }
            }
          }
        }
      });
    }
    console.info(`node matrices: ${models} models, ${compared} node samples compared, ${skipped} where the rules part`);
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Most samples are compared: the rules part mostly where a sequence's first or last key is not at its ends.
    expect(models).toBeGreaterThanOrEqual(70);
    expect(compared).toBeGreaterThan(50_000);
    expect(compared).toBeGreaterThan(skipped);
  });
});
