/**
 * Typed errors for every codec in `shared/`.
 *
 * A `CodecError` names the format, the field being read (`where`), and the byte offset
 * (or, for text formats, the character offset) at which the problem was found. `kind`
 * separates input that simply ends too early (`truncated`) from input whose content is
 * wrong (`invalid`) and input larger than the codec is willing to allocate for (`limit`).
 */
export type CodecFormat =
  | 'mrf'
  | 'mdx'
  | 'mdl'
  | 'blp'
  | 'tga'
  | 'dds'
  | 'jpeg'
  | 'model'
  | 'texture'
  | 'mpq'
  | 'gltf'
  | 'emf'
  | 'kf2'
  | 'slk'
  | 'wav';

/** Why a codec refused its input. */
export type CodecErrorKind = 'truncated' | 'invalid' | 'limit' | 'unsupported';

/** Details carried by every {@link CodecError}. */
export interface CodecErrorInit {
  format: CodecFormat;
  kind: CodecErrorKind;
  /** The field or structure being read, e.g. `header.keyframeCount` or `EVTS[2].KEVT.frames`. */
  where: string;
  /** Byte offset into the input (character offset for text formats). */
  offset: number;
  /** A sentence describing the problem, without the format/where/offset prefix. */
  detail: string;
  /** Optional file name, filled in by whoever knows it (the host or the CLI). */
  fileName?: string;
}

/** The one error type the codecs throw. Never thrown for conditions a validator can report. */
export class CodecError extends Error {
  readonly format: CodecFormat;
  readonly kind: CodecErrorKind;
  readonly where: string;
  readonly offset: number;
  readonly detail: string;
  fileName: string | undefined;

  constructor(init: CodecErrorInit) {
    super(formatCodecMessage(init));
    this.name = 'CodecError';
    this.format = init.format;
    this.kind = init.kind;
    this.where = init.where;
    this.offset = init.offset;
    this.detail = init.detail;
    this.fileName = init.fileName;
  }

  /** Returns a copy of this error that names the file it came from. */
  withFileName(fileName: string): CodecError {
    return new CodecError({
      format: this.format,
      kind: this.kind,
      where: this.where,
      offset: this.offset,
      detail: this.detail,
      fileName,
    });
  }
}

function formatCodecMessage(init: CodecErrorInit): string {
  const file = init.fileName ? `${init.fileName}: ` : '';
  const unit = init.format === 'mdl' ? 'character' : 'byte';
  return `${file}${init.format.toUpperCase()} ${init.kind} at ${init.where} (${unit} ${init.offset}): ${init.detail}`;
}

/** True when `value` is a {@link CodecError}. */
export function isCodecError(value: unknown): value is CodecError {
  return value instanceof CodecError;
}
