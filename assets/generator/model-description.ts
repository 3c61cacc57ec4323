/**
 * One description of a small model, written as MDX (the typed model's writer, shared/model) and as MDL
 * text (in the layout of the game's MDL exporter), so the two files describe the same model: the
 * sample cinematic, and the twin fixtures the events tests edit in both formats.
 *
 * Nodes get objectIds in canonical order (bones, helpers, event objects, collision shapes) and
 * name their parent by name. Numbers should be exact in float32 (integers, halves…) so that the
 * MDX and MDL files hold the same values.
 */
import { NO_BYTES } from '../../shared/mdx/cursor';
import { INTERPOLATION_NAMES } from '../../shared/mdx/tracks';
import type { Extent } from '../../shared/model/kinds/extent';
import { NODE_FLAG, type Node, type NodeTrackTag } from '../../shared/model/kinds/node';
import { writeMdxModel } from '../../shared/model/mdx-model';
import { createTrack, type Track } from '../../shared/model/track';
import type { MdxChunkTag, MdxChunkTypes } from '../../shared/model/registry';
import { withParsed, type TypedMdxChunk } from '../../shared/model/typed-model';

export type Point = readonly [number, number, number];
export type Interpolation = (typeof INTERPOLATION_NAMES)[number];

/** A Translation, Rotation or Scaling track. */
export interface TrackDescription {
  kind: 'translation' | 'rotation' | 'scaling';
  interpolation: Interpolation;
  globalSequenceId: number | null;
  keys: readonly {
    frame: number;
    value: readonly number[];
    inTangent?: readonly number[];
    outTangent?: readonly number[];
  }[];
}

/** A node: its name, its parent's name (or null), its pivot and tracks. */
export interface NodeDescription {
  name: string;
  parent: string | null;
  pivot: Point;
  tracks?: readonly TrackDescription[];
}

/** An event object; `keys: null` writes it without a key block (no KEVT, no EventTrack). */
export interface EventDescription extends NodeDescription {
  keys: { globalSequenceId: number | null; frames: readonly number[] } | null;
}

/** A sphere collision shape. */
export interface SphereDescription extends NodeDescription {
  center: Point;
  radius: number;
}

export interface CameraDescription {
  name: string;
  position: Point;
  target: Point;
  fieldOfView: number;
  near: number;
  far: number;
}

export interface SequenceDescription {
  name: string;
  start: number;
  end: number;
  nonLooping: boolean;
  moveSpeed: number;
  rarity: number;
  extent: Extent;
}

/** A whole model. */
export interface ModelDescription {
  name: string;
  /** A `//` comment line written at the top of the MDL text. */
  comment: string;
  version: number;
  blendTime: number;
  extent: Extent;
  sequences: readonly SequenceDescription[];
  globalSequences: readonly number[];
  bones: readonly NodeDescription[];
  helpers: readonly NodeDescription[];
  events: readonly EventDescription[];
  cameras: readonly CameraDescription[];
  collisionShapes: readonly SphereDescription[];
}

const TRACK_TAGS: Readonly<Record<TrackDescription['kind'], NodeTrackTag>> = {
  translation: 'KGTR',
  rotation: 'KGRT',
  scaling: 'KGSC',
};
const MDL_TRACK_KEYWORDS: Readonly<Record<TrackDescription['kind'], string>> = {
  translation: 'Translation',
  rotation: 'Rotation',
  scaling: 'Scaling',
};
const MDL_INTERPOLATIONS: Readonly<Record<Interpolation, string>> = {
  none: 'DontInterp',
  linear: 'Linear',
  hermite: 'Hermite',
  bezier: 'Bezier',
};
/** GeosetId / GeosetAnimId of a bone bound to no geoset (MDL: `Multiple`, `None`). */
const NO_GEOSET = -1;
const COLLISION_SPHERE = 2;

/** Every node in objectId order, with its kind. */
function nodesOf(model: ModelDescription): { kind: 'bone' | 'helper' | 'event' | 'shape'; node: NodeDescription }[] {
  return [
    ...model.bones.map((node) => ({ kind: 'bone' as const, node })),
    ...model.helpers.map((node) => ({ kind: 'helper' as const, node })),
    ...model.events.map((node) => ({ kind: 'event' as const, node })),
    ...model.collisionShapes.map((node) => ({ kind: 'shape' as const, node })),
  ];
}

/** objectId of each node name; throws for a parent that names no node. */
function parentIdOf(model: ModelDescription): (node: NodeDescription) => number {
  const ids = new Map(nodesOf(model).map(({ node }, index) => [node.name, index]));
  return (node) => {
    if (node.parent === null) return -1;
    const id = ids.get(node.parent);
    if (id === undefined) throw new RangeError(`${node.name}: no node is named ${node.parent}`);
    return id;
  };
}

function mdxTracks(node: NodeDescription): Track[] {
  return (node.tracks ?? []).map((track) => {
    const tangents = track.interpolation === 'hermite' || track.interpolation === 'bezier';
    return createTrack(
      TRACK_TAGS[track.kind],
      INTERPOLATION_NAMES.indexOf(track.interpolation),
      track.globalSequenceId ?? -1,
      track.keys.map((key) =>
        tangents
          ? {
              frame: key.frame,
              value: key.value,
              inTangent: key.inTangent ?? key.value,
              outTangent: key.outTangent ?? key.value,
            }
          : { frame: key.frame, value: key.value },
      ),
    );
  });
}

/** The node of each description (objectIds from `firstObjectId`). */
function nodesFrom<T extends NodeDescription>(
  nodes: readonly T[],
  firstObjectId: number,
  parentId: (node: NodeDescription) => number,
  flags: number,
): { description: T; node: Node }[] {
  return nodes.map((description, index) => ({
    description,
    node: {
      name: description.name,
      objectId: firstObjectId + index,
      parentId: parentId(description),
      flags,
      tracks: mdxTracks(description),
      unparsedBytes: NO_BYTES,
    },
  }));
}

/** The model as MDX bytes, chunks in the game exporter's order. */
export function describeMdx(model: ModelDescription): Uint8Array {
  const parentId = parentIdOf(model);
  const nodes = nodesOf(model);
  let objectId = 0;
  const chunks: TypedMdxChunk[] = [];
  const add = <Tag extends MdxChunkTag>(chunk: { tag: Tag; parsed: MdxChunkTypes[Tag] }) =>
    chunks.push(withParsed({ tag: chunk.tag, trailing: NO_BYTES }, chunk.parsed));
  add({ tag: 'VERS', parsed: model.version });
  add({
    tag: 'MODL',
    parsed: {
      name: model.name,
      nameBytes: NO_BYTES,
      animationFileName: '',
      animationFileNameBytes: NO_BYTES,
      extent: model.extent,
      blendTime: model.blendTime,
    },
  });
  add({
    tag: 'SEQS',
    parsed: model.sequences.map((sequence) => ({
      ...sequence,
      nameBytes: NO_BYTES,
      flags: sequence.nonLooping ? 1 : 0,
      syncPoint: 0,
    })),
  });
  if (model.globalSequences.length > 0) add({ tag: 'GLBS', parsed: [...model.globalSequences] });
  if (model.bones.length > 0) {
    const bones = nodesFrom(model.bones, objectId, parentId, NODE_FLAG.bone);
    add({
      tag: 'BONE',
      parsed: bones.map(({ node }) => ({ node, geosetId: NO_GEOSET, geosetAnimationId: NO_GEOSET })),
    });
    objectId += model.bones.length;
  }
  if (model.helpers.length > 0) {
    add({
      tag: 'HELP',
      parsed: nodesFrom(model.helpers, objectId, parentId, NODE_FLAG.helper).map(({ node }) => ({ node })),
    });
    objectId += model.helpers.length;
  }
  add({ tag: 'PIVT', parsed: Float32Array.from(nodes.flatMap(({ node }) => node.pivot)) });
  if (model.events.length > 0) {
    const events = nodesFrom(model.events, objectId, parentId, NODE_FLAG.eventObject);
    add({
      tag: 'EVTS',
      parsed: events.map(({ description: { keys }, node }) => ({
        node,
        keys:
          keys === null
            ? null
            : { globalSequenceId: keys.globalSequenceId ?? -1, frames: Int32Array.from(keys.frames) },
      })),
    });
    objectId += model.events.length;
  }
  if (model.cameras.length > 0) {
    add({
      tag: 'CAMS',
      parsed: model.cameras.map((camera) => ({
        name: camera.name,
        position: camera.position,
        fieldOfView: camera.fieldOfView,
        farClippingPlane: camera.far,
        nearClippingPlane: camera.near,
        targetPosition: camera.target,
        tracks: [],
        unparsedBytes: NO_BYTES,
      })),
    });
  }
  if (model.collisionShapes.length > 0) {
    const shapes = nodesFrom(model.collisionShapes, objectId, parentId, NODE_FLAG.collisionShape);
    add({
      tag: 'CLID',
      parsed: shapes.map(({ description, node }) => ({
        node,
        type: COLLISION_SPHERE,
        vertices: Float32Array.from(description.center),
        radius: description.radius,
      })),
    });
  }
  return writeMdxModel({ chunks });
}

/** A number as MDL writes it. */
function number(value: number): string {
  return Object.is(value, -0) ? '0' : String(value);
}

function vector(values: readonly number[]): string {
  return `{ ${values.map(number).join(', ')} }`;
}

function extentLines(extent: Extent, indent: string): string[] {
  return [
    `${indent}MinimumExtent ${vector(extent.minimum)},`,
    `${indent}MaximumExtent ${vector(extent.maximum)},`,
    `${indent}BoundsRadius ${number(extent.boundsRadius)},`,
  ];
}

function trackLines(track: TrackDescription): string[] {
  const lines = [
    `\t${MDL_TRACK_KEYWORDS[track.kind]} ${track.keys.length} {`,
    `\t\t${MDL_INTERPOLATIONS[track.interpolation]},`,
  ];
  if (track.globalSequenceId !== null) lines.push(`\t\tGlobalSeqId ${track.globalSequenceId},`);
  for (const key of track.keys) {
    lines.push(`\t\t${key.frame}: ${vector(key.value)},`);
    if (track.interpolation === 'hermite' || track.interpolation === 'bezier') {
      lines.push(
        `\t\t\tInTan ${vector(key.inTangent ?? key.value)},`,
        `\t\t\tOutTan ${vector(key.outTangent ?? key.value)},`,
      );
    }
  }
  lines.push('\t}');
  return lines;
}

/** The lines of a node block: header, ObjectId, Parent, `extra` lines, tracks. */
function nodeLines(
  keyword: string,
  node: NodeDescription,
  objectId: number,
  parentId: number,
  extra: readonly string[] = [],
  afterTracks: readonly string[] = [],
): string[] {
  const lines = [`${keyword} "${node.name}" {`, `\tObjectId ${objectId},`];
  if (parentId !== -1) lines.push(`\tParent ${parentId},`);
  lines.push(...extra);
  for (const track of node.tracks ?? []) lines.push(...trackLines(track));
  lines.push(...afterTracks, '}');
  return lines;
}

/** The model as MDL text (tabs, `\n` line ends), blocks in the game exporter's order (cameras before event objects,
 * unlike MDX). */
export function describeMdl(model: ModelDescription): string {
  const parentId = parentIdOf(model);
  const nodes = nodesOf(model);
  const lines: string[] = [
    `// ${model.comment}`,
    'Version {',
    `\tFormatVersion ${model.version},`,
    '}',
    `Model "${model.name}" {`,
  ];
  if (model.bones.length > 0) lines.push(`\tNumBones ${model.bones.length},`);
  if (model.helpers.length > 0) lines.push(`\tNumHelpers ${model.helpers.length},`);
  if (model.events.length > 0) lines.push(`\tNumEvents ${model.events.length},`);
  lines.push(`\tBlendTime ${model.blendTime},`, ...extentLines(model.extent, '\t'), '}');
  lines.push(`Sequences ${model.sequences.length} {`);
  for (const sequence of model.sequences) {
    lines.push(`\tAnim "${sequence.name}" {`, `\t\tInterval { ${sequence.start}, ${sequence.end} },`);
    if (sequence.nonLooping) lines.push('\t\tNonLooping,');
    if (sequence.moveSpeed !== 0) lines.push(`\t\tMoveSpeed ${number(sequence.moveSpeed)},`);
    if (sequence.rarity !== 0) lines.push(`\t\tRarity ${number(sequence.rarity)},`);
    lines.push(...extentLines(sequence.extent, '\t\t'), '\t}');
  }
  lines.push('}');
  if (model.globalSequences.length > 0) {
    lines.push(
      `GlobalSequences ${model.globalSequences.length} {`,
      ...model.globalSequences.map((duration) => `\tDuration ${duration},`),
      '}',
    );
  }
  let objectId = 0;
  for (const bone of model.bones)
    lines.push(
      ...nodeLines('Bone', bone, objectId++, parentId(bone), ['\tGeosetId Multiple,', '\tGeosetAnimId None,']),
    );
  for (const helper of model.helpers) lines.push(...nodeLines('Helper', helper, objectId++, parentId(helper)));
  lines.push(`PivotPoints ${nodes.length} {`, ...nodes.map(({ node }) => `\t${vector(node.pivot)},`), '}');
  const cameraLines = model.cameras.flatMap((camera) => [
    `Camera "${camera.name}" {`,
    `\tPosition ${vector(camera.position)},`,
    `\tFieldOfView ${number(camera.fieldOfView)},`,
    `\tFarClip ${number(camera.far)},`,
    `\tNearClip ${number(camera.near)},`,
    '\tTarget {',
    `\t\tPosition ${vector(camera.target)},`,
    '\t}',
    '}',
  ]);
  lines.push(...cameraLines);
  for (const event of model.events) {
    const track: string[] = [];
    if (event.keys !== null) {
      track.push(`\tEventTrack ${event.keys.frames.length} {`);
      if (event.keys.globalSequenceId !== null) track.push(`\t\tGlobalSeqId ${event.keys.globalSequenceId},`);
      track.push(...event.keys.frames.map((frame) => `\t\t${frame},`), '\t}');
    }
    lines.push(...nodeLines('EventObject', event, objectId++, parentId(event), track));
  }
  for (const shape of model.collisionShapes) {
    const shapeLines = [
      '\tSphere,',
      '\tVertices 1 {',
      `\t\t${vector(shape.center)},`,
      '\t}',
      `\tBoundsRadius ${number(shape.radius)},`,
    ];
    lines.push(...nodeLines('CollisionShape', shape, objectId++, parentId(shape), [], shapeLines));
  }
  return `${lines.join('\n')}\n`;
}
