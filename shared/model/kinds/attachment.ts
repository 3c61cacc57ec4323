/**
 * ATCH: attachments — uint32 inclusiveSize, Node (flag 0x800), char[260] path, uint32
 * attachmentId, then a KATV (visibility) track.
 */
import type { BinaryWriter } from '../../binary/writer';
import { encodeName } from '../../mdx/names';
import { readObjects, type ChunkCodec } from '../chunk-codec';
import type { MdxCursor } from '../../mdx/cursor';
import { readWrappedNodeObjectMdx, writeWrappedNodeObjectMdx, type AnimatedNodeObject } from './node';
import type { MdlStatement } from '../../mdl/tree';
import { NODE_FLAG } from './node';
import { NO_BYTES } from '../../mdx/cursor';
import { blockRules } from '../mdl/fields';
import type { MdlReadContext } from '../mdl/reader';
import type { MdlWriter } from '../mdl/writer';
import { printAnimatedNodeMdl, readNodeBlockMdl, type NodeKindMdl } from './node';
import { mdlDefault } from '../mdl/defaults';

/** Bytes of an attachment's path field. */
export const ATTACHMENT_PATH_BYTES = 260;
/** Bytes of an attachment's fields after its node. */
export const ATTACHMENT_FIELD_BYTES = ATTACHMENT_PATH_BYTES + 4;

/** An attachment point. */
export interface Attachment extends AnimatedNodeObject {
  /** A model shown at the point (usually empty). */
  readonly path: string;
  readonly pathBytes?: Uint8Array;
  readonly attachmentId: number;
}

/** Reads the attachment at the cursor. */
export function readAttachmentMdx(cursor: MdxCursor): Attachment {
  return readWrappedNodeObjectMdx(cursor, ATTACHMENT_FIELD_BYTES, () => {
    const { name: path, nameBytes: pathBytes } = cursor.name(ATTACHMENT_PATH_BYTES, 'path');
    return { path, pathBytes, attachmentId: cursor.i32('attachmentId') };
  });
}

/** Writes an attachment. */
export function writeAttachmentMdx(writer: BinaryWriter, attachment: Attachment): void {
  writeWrappedNodeObjectMdx(writer, attachment, () => {
    writer.bytes(encodeName(attachment.path, ATTACHMENT_PATH_BYTES, attachment.pathBytes));
    writer.i32(attachment.attachmentId);
  });
}

/** The ATCH chunk. */
export const attachmentsChunkMdx: ChunkCodec<Attachment[]> = {
  read: (cursor) => readObjects(cursor, 'ATCH', readAttachmentMdx),
  write: (writer, attachments) => attachments.forEach((attachment) => writeAttachmentMdx(writer, attachment)),
};

// MDL ---------------------------------------------------------------------------------------------

/** `Attachment "name" { … AttachmentID 0, Path "…", Visibility … }`. */
export const ATTACHMENT_MDL = {
  keyword: 'Attachment',
  kindBit: NODE_FLAG.attachment,
  rules: blockRules([
    {
      kind: 'scalar',
      keyword: 'AttachmentID',
      field: 'attachmentId',
      type: 'i32',
      ...mdlDefault('Attachment.AttachmentID'),
      print: 'always',
    },
    {
      kind: 'string',
      keyword: 'Path',
      field: 'path',
      print: 'nondefault',
      bytes: ATTACHMENT_PATH_BYTES,
      bytesField: 'pathBytes',
    },
    { kind: 'track', keyword: 'Visibility', track: 'KATV' },
  ]),
};

/** Reads an `Attachment` block. */
export function readAttachmentMdl(context: MdlReadContext, block: MdlStatement): Attachment {
  const { node, draft, tracks } = readNodeBlockMdl(context, block, ATTACHMENT_MDL);
  return {
    node,
    path: draft.path,
    pathBytes: draft.pathBytes,
    attachmentId: draft.attachmentId,
    tracks,
    unparsedBytes: NO_BYTES,
  };
}

/** Prints an `Attachment` block. */
export function printAttachmentMdl(writer: MdlWriter, attachment: Attachment): void {
  printAnimatedNodeMdl(writer, ATTACHMENT_MDL, attachment);
}
