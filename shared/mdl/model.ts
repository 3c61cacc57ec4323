/**
 * Reading and writing MDL models: text in, parsed model out, and the text (or bytes) back.
 *
 * `readMdl` scans the text once, splits it into blocks (blocks.ts) and reads the blocks the codec interprets;
 * `modelOf` gathers the whole-model view from the blocks — in a pass over the blocks, never over the bytes — and
 * checks that the text is a whole model (see completeness.ts). Edits (span-edits.ts) make new models from the
 * blocks they change and the blocks they share. Writing a model is laying its blocks' bytes end to end: nothing is
 * re-generated, so a model read and written without edits is identical, byte for byte.
 */
import type { Diagnostic } from '../diagnostics';
import { blockNewline, blockOf, readTextBlocks, registerBlock } from './blocks';
import { checkCompleteness } from './completeness';
import { lineStartOf } from './layout';
import { decodeLatin1, encodeMdlText } from './text';
import { reviveStatements, type MdlStatement } from './tree';
import type {
  MdlBindPose,
  MdlBlock,
  MdlEventObject,
  MdlModel,
  MdlModelInfo,
  MdlNode,
  MdlPivotPoints,
  MdlSequence,
  MdlStyle,
  MdlTexture,
  MdlTopLevel,
} from './types';

/** Top-level statements looked at to find the file's indentation. */
const STYLE_SAMPLE_STATEMENTS = 4;

const texts = new WeakMap<MdlModel, string>();
const topLevels = new WeakMap<MdlModel, MdlTopLevel>();
const offsets = new WeakMap<MdlModel, readonly number[]>();

/** The prototype of every model: what is computed on demand rather than carried (and cloned). */
const MODEL_PROTOTYPE = {
  get text(): string {
    const model = this as unknown as MdlModel;
    let text = texts.get(model);
    if (text === undefined) {
      text = decodeLatin1(writeMdl(model));
      texts.set(model, text);
    }
    return text;
  },
  get blockOffsets(): readonly number[] {
    const model = this as unknown as MdlModel;
    let found = offsets.get(model);
    if (found === undefined) {
      let offset = 0;
      found = model.blocks.map((block) => {
        const start = offset;
        offset += block.end - block.start;
        return start;
      });
      offsets.set(model, found);
    }
    return found;
  },
  get tree(): MdlTopLevel {
    const model = this as unknown as MdlModel;
    let topLevel = topLevels.get(model);
    if (topLevel === undefined) {
      topLevel = { statements: model.blocks.flatMap((block) => block.parts.map((part) => part.statement)) };
      topLevels.set(model, topLevel);
    }
    return topLevel;
  },
};

/** Reads MDL bytes (latin1, lossless); throws CodecError for input that is not a whole MDL model or fragment. */
export function readMdl(bytes: Uint8Array): MdlModel {
  return modelOf(readTextBlocks(bytes, new Set()), bytes);
}

/** Parses MDL text (latin1 characters); throws CodecError as readMdl does, RangeError for a character above 255. */
export function parseMdl(text: string): MdlModel {
  return readMdl(encodeMdlText(text));
}

/**
 * The model's bytes as pieces whose concatenation is the text: views of the bytes as read wherever edits left
 * them alone (neighbouring blocks of the same source joined into one view), and the bytes the edits made.
 */
export function mdlPieces(model: MdlModel): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let source: MdlBlock['source'] | null = null;
  let start = 0;
  let end = 0;
  for (const block of model.blocks) {
    if (block.source === source && block.start === end) {
      end = block.end;
      continue;
    }
    if (source !== null && end > start) pieces.push(source.bytes.subarray(start, end));
    ({ source, start, end } = block);
  }
  if (source !== null && end > start) pieces.push(source.bytes.subarray(start, end));
  return pieces;
}

/** The model's bytes: the very bytes read while unedited, else its blocks laid end to end (a new buffer). */
export function writeMdl(model: MdlModel): Uint8Array {
  if (model.bytesAsRead !== null) return model.bytesAsRead;
  const output = new Uint8Array(model.byteLength);
  let offset = 0;
  for (const piece of mdlPieces(model)) {
    output.set(piece, offset);
    offset += piece.length;
  }
  return output;
}

/** Where `offset` of `statement`'s source (its start by default) lies in the model's whole text. */
export function mdlOffsetOf(model: MdlModel, statement: MdlStatement, offset = statement.start): number {
  const index = model.blocks.indexOf(blockOf(statement));
  if (index < 0) throw new RangeError(`${statement.path} is not a statement of this model`);
  return model.blockOffsets[index]! + offset - model.blocks[index]!.start;
}

/** True when `value` has the shape of a model (possibly one that came through a structured clone). */
export function isMdlModel(value: unknown): value is MdlModel {
  const model = value as Partial<MdlModel> | null;
  return (
    typeof model === 'object' &&
    model !== null &&
    Array.isArray(model.blocks) &&
    Array.isArray(model.nodes) &&
    typeof model.byteLength === 'number'
  );
}

/**
 * A model that came through a structured clone (from the worker that read it), made whole again in place: its
 * prototypes and the statements' own come back; nothing is scanned, tokenized or read again. A model that was not
 * cloned is returned as it is.
 */
export function reviveMdl(model: MdlModel): MdlModel {
  if (Object.getPrototypeOf(model) === MODEL_PROTOTYPE) return model;
  Object.setPrototypeOf(model, MODEL_PROTOTYPE);
  for (const block of model.blocks) {
    reviveStatements(block.parts.map((part) => part.statement));
    registerBlock(block);
  }
  return model;
}

/** Places a block's findings where the block now is. */
function placed(diagnostics: readonly Diagnostic[], offset: number, out: Diagnostic[]): void {
  for (const diagnostic of diagnostics)
    out.push(diagnostic.offset === undefined ? diagnostic : { ...diagnostic, offset: diagnostic.offset + offset });
}

/**
 * The model of a list of blocks: the whole-model view gathered from them in one pass over the blocks, the
 * blocks' own findings placed where each block now is, then the checks across blocks (objectIds, completeness).
 * `bytesAsRead` is the text when it is exactly the bytes the blocks were read from. Throws CodecError for a text
 * that looks cut short.
 */
export function modelOf(blocks: readonly MdlBlock[], bytesAsRead: Uint8Array | null): MdlModel {
  const diagnostics: Diagnostic[] = [];
  const blockCounts = new Map<string, number>();
  const nodes: MdlNode[] = [];
  /** Whole-text offset minus source offset, for each node's block. */
  const nodeShifts: number[] = [];
  const eventObjects: MdlEventObject[] = [];
  let version: number | null = null;
  let versionStatement: MdlStatement | null = null;
  let info: MdlModelInfo | null = null;
  let infoShift = 0;
  let sequences: readonly MdlSequence[] = [];
  let sequencesStatement: MdlStatement | null = null;
  let globalSequences: readonly number[] = [];
  let textures: readonly MdlTexture[] = [];
  let pivotPoints: MdlPivotPoints | null = null;
  let pivotShift = 0;
  let bindPose: MdlBindPose | null = null;
  let cameraCount = 0;
  let parentComments = false;
  let offset = 0;
  for (const block of blocks) {
    const shift = offset - block.start;
    placed(block.diagnostics, offset, diagnostics);
    parentComments ||= block.parentComments;
    for (const part of block.parts) {
      blockCounts.set(part.keyword, (blockCounts.get(part.keyword) ?? 0) + 1);
      switch (part.kind) {
        case 'node':
          nodes.push(part.node);
          nodeShifts.push(shift);
          if (part.node.kind === 'eventObject') eventObjects.push(part.node as MdlEventObject);
          break;
        case 'camera':
          cameraCount += 1;
          break;
        case 'version':
          [version, versionStatement] = [part.version, part.statement];
          break;
        case 'model':
          [info, infoShift] = [part.info, shift];
          break;
        case 'sequences':
          [sequences, sequencesStatement] = [part.sequences, part.statement];
          break;
        case 'globalSequences':
          globalSequences = part.durations;
          break;
        case 'textures':
          textures = part.textures;
          break;
        case 'pivotPoints':
          [pivotPoints, pivotShift] = [part.pivotPoints, shift];
          break;
        case 'bindPose':
          bindPose = part.bindPose;
          break;
        case 'other':
          break;
      }
    }
    offset += block.end - block.start;
  }
  const byteLength = offset;

  checkObjectIds(nodes, nodeShifts, diagnostics);
  const model: MdlModel = Object.assign(Object.create(MODEL_PROTOTYPE) as object, {
    blocks,
    byteLength,
    bytesAsRead,
    version,
    versionStatement,
    info,
    sequences,
    sequencesStatement,
    globalSequences,
    textures,
    pivotPoints,
    nodes,
    eventObjects,
    cameraCount,
    bindPose,
    style: styleOf(blocks, parentComments),
    diagnostics,
  }) as unknown as MdlModel;
  checkCompleteness(
    {
      hasVersion: versionStatement !== null,
      info,
      infoOffset: info === null ? 0 : info.statement.start + infoShift,
      pivotPoints,
      pivotOffset: pivotPoints === null ? 0 : pivotPoints.statement.start + pivotShift,
      nodeCount: nodes.length,
      blockCounts,
      byteLength,
      bytes: () => writeMdl(model),
    },
    diagnostics,
  );
  return model;
}

function checkObjectIds(nodes: readonly MdlNode[], shifts: readonly number[], diagnostics: Diagnostic[]): void {
  const owners = new Map<number, MdlNode>();
  nodes.forEach((node, index) => {
    if (node.objectId === null) return;
    const owner = owners.get(node.objectId);
    if (owner === undefined) {
      owners.set(node.objectId, node);
      return;
    }
    diagnostics.push({
      severity: 'error',
      code: 'mdl.duplicate-object-id',
      message: `${node.statement.label} has ObjectId ${node.objectId}, already used by ${owner.statement.label}`,
      where: node.statement.path,
      offset: (node.objectIdStatement?.start ?? node.statement.start) + shifts[index]!,
    });
  });
}

const indents = new WeakMap<MdlStatement, string | null>();

/** The indentation of a top-level statement's first child when it starts a line of its own (memoized). */
function indentOf(statement: MdlStatement): string | null {
  let indent = indents.get(statement);
  if (indent === undefined) {
    indent = null;
    const child = statement.children[0];
    if (child !== undefined) {
      const bytes = statement.level.source.bytes;
      const lineStart = lineStartOf(bytes, child.start);
      const leading = decodeLatin1(bytes, lineStart, child.start);
      if (lineStart > statement.open && /^[ \t]+$/.test(leading)) indent = leading;
    }
    indents.set(statement, indent);
  }
  return indent;
}

/** Line ending (the first one in the text), indentation unit and Parent-comment habit of the file. */
function styleOf(blocks: readonly MdlBlock[], parentComments: boolean): MdlStyle {
  let newline: MdlStyle['newline'] | null = null;
  let carriageReturn = false;
  for (const block of blocks) {
    const found = blockNewline(block);
    if (found === '\r') carriageReturn = true;
    else if (found !== null) {
      newline = found;
      break;
    }
  }
  let indent = '\t';
  let sampled = 0;
  sample: for (const block of blocks) {
    for (const part of block.parts) {
      if (sampled === STYLE_SAMPLE_STATEMENTS) break sample;
      sampled += 1;
      const found = indentOf(part.statement);
      if (found !== null) {
        indent = found;
        break sample;
      }
    }
  }
  return { newline: newline ?? (carriageReturn ? '\r' : '\n'), indent, parentComments };
}
