/**
 * `morf dump Model.mdx --json` (or `Model.mdl`): the whole typed model (shared/model) as JSON, written chunk by
 * chunk. Typed arrays print as arrays of numbers on one line, tracks as their keys, chunks the
 * model keeps as bytes as their bytes; numbers print exactly, NaN and infinities as the strings
 * "NaN", "Infinity" and "-Infinity" (as the MRF dump does). A raw name field prints only when it
 * holds more than its name (bytes after the NUL).
 */
import { encodeLatin1 } from '../../../shared/binary/text';
import {
  isParsedChunk,
  mdlTypedModel,
  openModelFile,
  trackFrame,
  trackInTangent,
  trackOutTangent,
  trackValue,
  type Track,
  typedModelOf,
  type TypedMdxModel,
} from '../../../shared/model/index';
import { jsonNumber, toJson } from '../json';

const INDENT = '  ';

function trackJson(track: Track): unknown {
  const vector = (read: (key: number, component: number) => number, key: number) =>
    Array.from({ length: track.components }, (_, component) => read(key, component));
  const tangents = track.interpolation > 1;
  return {
    tag: track.tag,
    interpolation: track.interpolation,
    globalSequenceId: track.globalSequenceId,
    keys: Array.from({ length: track.keyCount }, (_, key) => ({
      frame: trackFrame(track, key),
      value: vector((k, c) => trackValue(track, k, c), key),
      ...(tangents
        ? {
            inTangent: vector((k, c) => trackInTangent(track, k, c), key),
            outTangent: vector((k, c) => trackOutTangent(track, k, c), key),
          }
        : {}),
    })),
  };
}

/** True when a raw name field holds exactly its name, NUL-padded (nothing the name does not show). */
function onlyName(field: Uint8Array, name: unknown): boolean {
  if (typeof name !== 'string') return false;
  const encoded = encodeLatin1(name);
  if (encoded.byteLength > field.byteLength) return false;
  for (let index = 0; index < field.byteLength; index += 1)
    if (field[index] !== (index < encoded.byteLength ? encoded[index] : 0)) return false;
  return true;
}

function isNumberList(value: unknown): value is ArrayLike<number> {
  if (ArrayBuffer.isView(value)) return true;
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'number');
}

/** `value` as JSON text at `depth`: objects and lists of objects over several lines, numbers lists on one. */
function dumpJson(value: unknown, depth: number): string {
  if (typeof value === 'number') return jsonNumber(value);
  if (value === null || value === undefined || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (isNumberList(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index += 1) text += (index ? ',' : '') + jsonNumber(value[index]!);
    return `${text}]`;
  }
  const inner = INDENT.repeat(depth + 1);
  const outer = INDENT.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + dumpJson(item, depth + 1)).join(',\n')}\n${outer}]`;
  }
  if ('keyWords' in value && 'stride' in value) return dumpJson(trackJson(value as Track), depth);
  const record = value as Record<string, unknown>;
  const entries = Object.entries(record).filter(([key, item]) => {
    if (key === 'source') return false;
    // name/nameBytes, fileName/fileNameBytes, path/pathBytes…: the raw field only when it shows more.
    if (key.endsWith('Bytes') && key !== 'unparsedBytes' && item instanceof Uint8Array)
      return !onlyName(item, record[key.slice(0, -'Bytes'.length)]);
    return item !== undefined;
  });
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${dumpJson(item, depth + 1)}`);
  return `{\n${lines.join(',\n')}\n${outer}}`;
}

/** Writes a typed model as one JSON document, in pieces. */
function dumpTypedModel(format: 'mdx' | 'mdl', model: TypedMdxModel, write: (text: string) => void): void {
  write(`{\n${INDENT}"format": "${format}",\n${INDENT}"version": ${jsonNumber(model.version)},\n${INDENT}"chunks": [`);
  model.chunks.forEach((chunk, index) => {
    const body = isParsedChunk(chunk)
      ? { tag: chunk.tag, parsed: chunk.parsed }
      : { tag: chunk.tag, bytes: chunk.bytes };
    const entry = chunk.trailing.byteLength ? { ...body, trailing: chunk.trailing } : body;
    write(`${index ? ',' : ''}\n${INDENT.repeat(2)}${dumpJson(entry, 2)}`);
  });
  const diagnostics = toJson(model.diagnostics).replace(/\n/g, `\n${INDENT}`);
  write(`${model.chunks.length ? `\n${INDENT}` : ''}],\n${INDENT}"diagnostics": ${diagnostics}\n}\n`);
}

/**
 * Writes the whole model of an MDX or MDL file (told apart by content, as every reader does: shared/model's
 * `openModelFile`) as one JSON document, in pieces, after reading it all: an MDL reads into the same typed model an
 * MDX does (chunks in MDX order), with what reading it found as its diagnostics.
 */
export function dumpModel(bytes: Uint8Array, fileName: string, write: (text: string) => void): void {
  const opened = openModelFile(bytes, fileName);
  if (opened.format === 'mdx') dumpTypedModel('mdx', typedModelOf(opened.mdx), write);
  else dumpTypedModel('mdl', mdlTypedModel(opened.mdl).model, write);
}
