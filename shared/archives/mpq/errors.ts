/** The CodecErrors of the MPQ reader and writer, naming the archive structure (and entry) and the byte offset. */
import { CodecError, type CodecErrorKind } from '../../binary/codec-error';

/** Where a decoder is working: the structure's name (with the entry's) and the absolute byte offset of its input. */
export interface DecodeSite {
  where: string;
  offset: number;
}

/** A CodecError of format 'mpq'. */
export function mpqError(kind: CodecErrorKind, where: string, offset: number, detail: string): CodecError {
  return new CodecError({ format: 'mpq', kind, where, offset, detail });
}

/** A CodecError at `site`, `relative` bytes into its input. */
export function siteError(kind: CodecErrorKind, site: DecodeSite, relative: number, detail: string): CodecError {
  return mpqError(kind, site.where, site.offset + relative, detail);
}
