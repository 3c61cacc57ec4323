/**
 * The format-handler table behind `morf inspect`, `dump`, `validate` and `convert`.
 *
 * Each {@link FormatHandler} names its format, its file extensions and a magic-byte sniffer, and
 * implements inspect/validate (and optionally dump/convert) over the file's bytes. A command
 * picks the handler with {@link handlerForFile}: the file's extension first, then the sniffers in
 * table order. To support a new format (`mdx`, `mdl`, a texture…), write a handler module in
 * this folder and add ONE line to {@link formatHandlers}; no command changes.
 */
import { extname } from 'node:path';
import type { FormatHandler } from './format-handler';
import { emfHandler } from './emf';
import { gltfHandler } from './gltf';
import { kf2Handler } from './kf2';
import { modelHandlers } from './model';
import { mrfHandler } from './mrf';

export type {
  ConvertOption,
  ConvertRequest,
  ConvertResult,
  FormatConversion,
  FormatHandler,
  GameFile,
  InspectResult,
  SourceFile,
} from './format-handler';

/** Every format the file commands understand. */
export const formatHandlers: FormatHandler[] = [mrfHandler, ...modelHandlers, gltfHandler, emfHandler, kf2Handler];

/** The handler owning `fileName`'s extension, if any. */
export function handlerForExtension(fileName: string): FormatHandler | undefined {
  const extension = extname(fileName).toLowerCase();
  return formatHandlers.find((handler) => handler.extensions.includes(extension));
}

/** The handler for a file: by extension, else by its leading bytes; undefined when none fits. */
export function handlerForFile(fileName: string, bytes: Uint8Array): FormatHandler | undefined {
  return handlerForExtension(fileName) ?? formatHandlers.find((handler) => handler.sniff(bytes));
}

/** The extensions the table knows, for messages. */
export function knownExtensions(): string {
  return formatHandlers.flatMap((handler) => handler.extensions).join(', ');
}
