/**
 * mdx-m3-viewer (5.12, npm) as a reader for the agreement tests: its `parsers.mdlx.Model#load` of MDX
 * bytes or MDL text, and what it does differently from the format thread and the other tools, each
 * deviation named in VIEWER_NORMALIZATIONS and applied where it is named.
 */
import { parsers } from 'mdx-m3-viewer';
import type { ModelFormat } from '../../shared/model/index';
import { structure, withoutNodeKindBits, type Loose, type ModelReader } from './reader-agreement';

/**
 * mdx-m3-viewer's known deviations: each names what its readers do and how the comparison makes up for it (on
 * both sides alike unless it says otherwise).
 */
export const VIEWER_NORMALIZATIONS = {
  faces:
    'its MDL reader puts every face in one triangle group (faceTypeGroups [4], faceGroups [count]) whatever ' +
    "the MDL's Triangles blocks say: an all-triangle geoset is compared as its face indices alone",
  unknownChunks:
    'its MDL reader has no unknown chunks and its MDX reader keeps them as bytes: compared apart (an MDL cannot ' +
    'carry them; our converter warns and names each one)',
  particleEmitterFlag:
    "its MDL reader sets each node's kind bit from its block (0x100 for a Bone…) but none for a ParticleEmitter2 " +
    'or ParticleEmitterPopcorn, whose MDX flags carry 0x1000: covered by FORMAT_NORMALIZATIONS.nodeKindBits ' +
    '(reader-agreement.ts), which compares every node without its kind bits',
  dontInheritBits:
    "its MDL reader maps 'DontInherit { Rotation }' to 0x4 and '{ Scaling }' to 0x2, the reverse of the " +
    "specification and Retera's Model Studio (0x2 rotation, 0x4 scaling; its MDX reader keeps the file's bits): " +
    'in its parse of an MDL the two bits of every node are swapped back',
  trackOrder:
    "it keeps an object's tracks in one list in the order read: an MDX stores a node's KGTR, KGRT, KGSC inside " +
    "the node, before the object's own tracks, where an MDL orders the blocks freely: tracks compared by tag order",
  version: "its MDL reader takes the version from 'FormatVersion' and keeps it as read: compared as is",
  eventObjectWithoutTrack:
    'its MDX reader throws on an event object without a KEVT track, which the format allows (an event object that ' +
    'never fires): a model holding one is not one it reads in its original form (the specification fixtures, which ' +
    'hold one, are compared without their EVTS chunk)',
  soundTracks:
    "its MDX reader misreads the pre-release SNDS chunk's size and its MDL reader has no block for sound tracks " +
    '(nor has any MDL but ours, which prints them only as an extension): the fixtures are compared without SNDS',
  lineBreakInString:
    'its MDL reader turns a line break inside a quoted string into the two characters \\r or \\n: in its parse ' +
    'of an MDX, strings get the same',
} as const;

/** The viewer model's lists of nodes (objects with node flags). */
const NODE_LISTS = [
  'bones',
  'lights',
  'helpers',
  'attachments',
  'particleEmitters',
  'particleEmitters2',
  'particleEmittersPopcorn',
  'ribbonEmitters',
  'eventObjects',
  'collisionShapes',
];

/** mdx-m3-viewer's parse of `bytes`, or why it throws. */
function read(bytes: Uint8Array): { model: unknown; error: string } {
  try {
    const model = new parsers.mdlx.Model();
    model.load(bytes);
    return { model, error: '' };
  } catch (error) {
    return { model: null, error: String(error).slice(0, 160) };
  }
}

/** Every `animations` list under `value` sorted by tag (see VIEWER_NORMALIZATIONS.trackOrder). */
function sortTracks(value: unknown): void {
  if (Array.isArray(value)) value.forEach(sortTracks);
  else if (value && typeof value === 'object') {
    const object = value as Loose;
    const animations = object['animations'];
    if (Array.isArray(animations))
      animations.sort((left: Loose, right: Loose) => String(left['name']).localeCompare(String(right['name'])));
    for (const key of Object.keys(object)) if (key !== 'animations') sortTracks(object[key]);
  }
}

/** `value` with every CR and LF in its strings as the viewer's MDL reader gives them (lineBreakInString). */
function escapedLineBreaks(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  if (Array.isArray(value)) return value.map(escapedLineBreaks);
  if (value && typeof value === 'object') {
    const object = value as Loose;
    for (const key of Object.keys(object)) object[key] = escapedLineBreaks(object[key]);
  }
  return value;
}

/** The structure of a viewer model with {@link VIEWER_NORMALIZATIONS} applied. */
function normalized(model: unknown, format: ModelFormat): Loose {
  const plain = structure(model) as Loose;
  if (format === 'mdx') escapedLineBreaks(plain);
  // VIEWER_NORMALIZATIONS.unknownChunks: compared by the test on its own (it names them in our warnings).
  delete plain['unknownChunks'];
  for (const geoset of plain['geosets'] as Loose[]) {
    const types = geoset['faceTypeGroups'] as number[];
    if (types.every((type) => type === 4)) {
      delete geoset['faceTypeGroups'];
      delete geoset['faceGroups'];
    }
  }
  // VIEWER_NORMALIZATIONS.particleEmitterFlag and FORMAT_NORMALIZATIONS.nodeKindBits.
  withoutNodeKindBits(plain, NODE_LISTS, 'flags');
  if (format === 'mdl')
    for (const list of NODE_LISTS)
      for (const node of plain[list] as Loose[]) {
        const flags = node['flags'] as number;
        node['flags'] = (flags & ~0x6) | ((flags & 0x2) << 1) | ((flags & 0x4) >> 1);
      }
  sortTracks(plain);
  return plain;
}

/** The tags of the chunks mdx-m3-viewer kept as bytes in its parse of an MDX. */
export function viewerUnknownChunks(model: unknown): string[] {
  return ((model as { unknownChunks: { tag: string }[] }).unknownChunks ?? []).map((chunk) => chunk.tag);
}

/** mdx-m3-viewer as a {@link ModelReader}. */
export const viewerReader: ModelReader = {
  name: 'mdx-m3-viewer',
  read,
  normalized,
};
