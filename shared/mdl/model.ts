/**
 * Reading and writing MDL models: text in, parsed model out, and the text (or bytes) back.
 *
 * `parseMdl` builds the block tree, reads the blocks the codec interprets, and checks that the
 * text is a whole model (see completeness.ts). Writing a model is writing its text: nothing is
 * re-generated, so a model read and written without edits is identical, byte for byte.
 */
import type { Diagnostic } from '../diagnostics';
import { checkCompleteness } from './completeness';
import { lineStartOf } from './layout';
import { nodeKindOf, readEventObject, readNode } from './nodes';
import {
  readBindPose,
  readGlobalSequences,
  readModelInfo,
  readPivotPoints,
  readSequences,
  readTextures,
  readVersion,
} from './sections';
import { decodeLatin1, encodeMdlText } from './text';

/** Top-level blocks looked at to find the file's indentation. */
const STYLE_SAMPLE_BLOCKS = 4;
import { MdlTree, type MdlStatement } from './tree';
import type {
  MdlBindPose,
  MdlEventObject,
  MdlModel,
  MdlModelInfo,
  MdlNode,
  MdlPivotPoints,
  MdlSequence,
  MdlStyle,
  MdlTexture,
} from './types';

/** Reads MDL bytes (latin1, lossless); throws CodecError for input that is not a whole MDL model or fragment. */
export function readMdl(bytes: Uint8Array): MdlModel {
  const tree = new MdlTree(bytes);
  const diagnostics: Diagnostic[] = [];
  let version: number | null = null;
  let versionStatement: MdlStatement | null = null;
  let info: MdlModelInfo | null = null;
  let sequences: MdlSequence[] = [];
  let sequencesStatement: MdlStatement | null = null;
  let globalSequences: number[] = [];
  let textures: MdlTexture[] = [];
  let pivotPoints: MdlPivotPoints | null = null;
  let bindPose: MdlBindPose | null = null;
  let cameraCount = 0;
  const nodes: MdlNode[] = [];
  const eventObjects: MdlEventObject[] = [];
  const seen = new Set<string>();

  for (const statement of tree.statements) {
    const keyword = statement.keyword;
    const kind = nodeKindOf(keyword);
    if (kind === 'eventObject') {
      const eventObject = readEventObject(statement, eventObjects.length, diagnostics);
      eventObjects.push(eventObject);
      nodes.push(eventObject);
      continue;
    }
    if (kind !== undefined) {
      nodes.push(readNode(statement, kind, diagnostics));
      continue;
    }
    if (keyword === 'Camera') {
      cameraCount += 1;
      continue;
    }
    const single = ['Version', 'Model', 'Sequences', 'GlobalSequences', 'Textures', 'PivotPoints', 'BindPose'].includes(
      keyword,
    );
    if (!single) continue;
    if (seen.has(keyword)) {
      diagnostics.push({
        severity: 'warning',
        code: 'mdl.duplicate-block',
        message: `a second ${keyword} block is kept as it is but not read`,
        where: statement.path,
        offset: statement.start,
      });
      continue;
    }
    seen.add(keyword);
    switch (keyword) {
      case 'Version':
        versionStatement = statement;
        version = readVersion(statement);
        break;
      case 'Model':
        info = readModelInfo(statement);
        break;
      case 'Sequences':
        sequencesStatement = statement;
        sequences = readSequences(statement, diagnostics);
        break;
      case 'GlobalSequences':
        globalSequences = readGlobalSequences(statement, diagnostics);
        break;
      case 'Textures':
        textures = readTextures(statement, diagnostics);
        break;
      case 'PivotPoints':
        pivotPoints = readPivotPoints(statement, diagnostics);
        break;
      case 'BindPose':
        bindPose = readBindPose(statement, diagnostics);
        break;
    }
  }

  checkObjectIds(nodes, diagnostics);
  checkCompleteness(
    { tree, hasVersion: versionStatement !== null, info, pivotPoints, nodeCount: nodes.length },
    diagnostics,
  );

  return {
    bytes,
    get text() {
      return tree.text;
    },
    tree,
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
    style: detectStyle(tree, nodes),
    diagnostics,
  };
}

/** Parses MDL text (latin1 characters); throws CodecError as readMdl does, RangeError for a character above 255. */
export function parseMdl(text: string): MdlModel {
  return readMdl(encodeMdlText(text));
}

/** The model's bytes: identical to what was read (nothing is re-generated). */
export function writeMdl(model: MdlModel): Uint8Array {
  return model.bytes;
}

function checkObjectIds(nodes: readonly MdlNode[], diagnostics: Diagnostic[]): void {
  const owners = new Map<number, MdlNode>();
  for (const node of nodes) {
    if (node.objectId === null) continue;
    const owner = owners.get(node.objectId);
    if (owner === undefined) {
      owners.set(node.objectId, node);
      continue;
    }
    diagnostics.push({
      severity: 'error',
      code: 'mdl.duplicate-object-id',
      message: `${node.statement.label} has ObjectId ${node.objectId}, already used by ${owner.statement.label}`,
      where: node.statement.path,
      offset: node.objectIdStatement?.start ?? node.statement.start,
    });
  }
}

/** Line ending, indentation unit and Parent-comment habit of the file. */
function detectStyle(tree: MdlTree, nodes: readonly MdlNode[]): MdlStyle {
  const bytes = tree.bytes;
  const firstNewline = bytes.indexOf(0x0a);
  const newline =
    firstNewline > 0 && bytes[firstNewline - 1] === 0x0d
      ? '\r\n'
      : firstNewline < 0 && bytes.includes(0x0d)
        ? '\r'
        : '\n';
  let indent = '\t';
  for (const statement of tree.statements.slice(0, STYLE_SAMPLE_BLOCKS)) {
    const child = statement.children[0];
    if (child === undefined) continue;
    const lineStart = lineStartOf(bytes, child.start);
    const leading = decodeLatin1(bytes, lineStart, child.start);
    if (lineStart > statement.open && /^[ \t]+$/.test(leading)) {
      indent = leading;
      break;
    }
  }
  const parentComments = nodes.some(
    (node) =>
      node.parentStatement !== null &&
      /^[ \t]*\/\/[ \t]*"/.test(
        decodeLatin1(bytes, node.parentStatement.end, Math.min(bytes.length, node.parentStatement.end + 16)),
      ),
  );
  return { newline, indent, parentComments };
}
