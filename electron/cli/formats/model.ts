/**
 * The `mdx` and `mdl` format handlers: Warcraft III models, read through the events module
 * (shared/events). `inspect` reports the model's sequences, event objects and MRF links;
 * `validate` the read and validation diagnostics; `convert` rewrites a model in its own format
 * (identical bytes, since nothing is edited) and converts whole models MDX ↔ MDL through the typed
 * model (shared/model `convertModel`), each thing the output cannot carry a warning naming it;
 * `dump` prints the whole typed model of an MDX or MDL file (./model-dump.ts).
 */
import type { Diagnostic } from '../../../shared/diagnostics';
import { modelCodec, sniffModelFormat, type ModelDocument } from '../../../shared/events/index';
import type {
  ConvertOption,
  ConvertRequest,
  ConvertResult,
  FormatConversion,
  FormatHandler,
  InspectResult,
} from './format-handler';
import { convertModel, openModelFile } from '../../../shared/model/index';
import { dumpModel } from './model-dump';
import { formatDiagnostics } from './text';

/** Read diagnostics and the validation pass, in that order. */
export function modelDiagnostics(document: ModelDocument): Diagnostic[] {
  return [...document.readDiagnostics, ...modelCodec.validateModel(document)];
}

/** The `inspect --json` object of a model. */
function modelSummary(document: ModelDocument, diagnostics: Diagnostic[]) {
  return {
    format: document.format,
    version: document.version,
    name: document.name,
    sequences: document.sequences,
    globalSequences: document.globalSequences,
    eventObjects: document.eventObjects.map((object) => ({
      name: object.name,
      type: object.type,
      id: object.id,
      objectId: object.objectId,
      parentId: object.parentId,
      globalSequenceId: object.globalSequenceId,
      frames: object.frames,
      tracks: object.tracks,
    })),
    mrfLinks: document.links.map((link) => ({
      id: link.id,
      path: link.path,
      show: link.showFrames,
      hide: link.hideFrames,
    })),
    diagnostics,
  };
}

/** `0–1000 ms` */
export function intervalText(start: number, end: number): string {
  return `${start}–${end} ms`;
}

/** Frames as `19300, 22300`, or `—` for none. */
export function framesText(frames: readonly number[]): string {
  return frames.length === 0 ? '—' : frames.join(', ');
}

/** `MDX 800 "Name"` */
export function modelTitle(document: ModelDocument): string {
  return `${document.format.toUpperCase()} ${document.version} "${document.name}"`;
}

function inspectText(document: ModelDocument, byteLength: number, diagnostics: Diagnostic[]): string {
  const lines = [`${modelTitle(document)}, ${byteLength} bytes`];
  lines.push(`  sequences         ${document.sequences.length}`);
  for (const sequence of document.sequences) {
    lines.push(
      `    ${sequence.name.padEnd(24)} ${intervalText(sequence.start, sequence.end)}` +
        (sequence.nonLooping ? ', non-looping' : ''),
    );
  }
  lines.push(
    `  global sequences  ` +
      (document.globalSequences.length
        ? document.globalSequences.map((duration) => `${duration} ms`).join(', ')
        : 'none'),
  );
  const types = new Map<string, number>();
  for (const object of document.eventObjects) types.set(object.type, (types.get(object.type) ?? 0) + 1);
  const tally = [...types].map(([type, count]) => `${type} ${count}`).join(', ');
  lines.push(`  event objects     ${document.eventObjects.length}${tally ? ` (${tally})` : ''}`);
  lines.push(`  MRF links         ${document.links.length}`);
  for (const link of document.links) {
    lines.push(
      `    ${link.id.padEnd(8)} show ${framesText(link.showFrames).padEnd(14)} ` +
        `hide ${framesText(link.hideFrames).padEnd(14)} ${link.path}`,
    );
  }
  return `${lines.join('\n')}\n${formatDiagnostics(diagnostics, '  ')}`;
}

function inspect(bytes: Uint8Array, fileName: string): InspectResult {
  const document = modelCodec.readModel(bytes, fileName);
  const diagnostics = modelDiagnostics(document);
  return { summary: modelSummary(document, diagnostics), text: inspectText(document, bytes.byteLength, diagnostics) };
}

/** MDX → MDL: write what no MDL keyword says as this project's own statements (MdlPrintOptions.extensions). */
export const MDL_EXTENSIONS_OPTION: ConvertOption = {
  flag: '--mdl-extensions',
  value: '',
  kind: 'switch',
  summary:
    "also write what no MDL keyword says (a node's extra flag bits as 'Flags N', SelectionFlags, SyncPoint, " +
    'LightType N…), so that MDX → MDL → MDX comes back exact; mdx-m3-viewer (and the tools built on its parser) ' +
    'refuse such text, war3-model ignores most of it. Off: each is left out with a warning',
};

/**
 * Rewrites a model in its own format (the same bytes: nothing is edited), or converts it to the
 * other one through the typed model. What the output cannot carry, and the errors an inconsistent
 * MDL text opens with, are warnings; the source's format is decided by its content.
 */
function convert(request: ConvertRequest, outputFormat: 'mdx' | 'mdl', fileName: string): ConvertResult {
  const bytes = request.source.bytes;
  // What the file is, decided as every reader decides it (neither MDX nor MDL, or cut short: refused with why).
  const sourceFormat = openModelFile(bytes, fileName).format;
  if (sourceFormat === outputFormat) return { bytes: modelCodec.writeModel(modelCodec.readModel(bytes, fileName)) };
  const extensions = request.options[MDL_EXTENSIONS_OPTION.flag] === true;
  const conversion = convertModel(bytes, sourceFormat, outputFormat, request.source.path, { extensions });
  for (const diagnostic of conversion.diagnostics)
    if (diagnostic.severity === 'error') request.warn(`${diagnostic.where ?? ''}: ${diagnostic.message}`);
  for (const warning of conversion.warnings)
    request.warn(
      `${warning.message}${warning.where && !warning.message.includes(warning.where) ? ` (${warning.where})` : ''}`,
    );
  const lost = conversion.warnings.length;
  return {
    bytes: conversion.bytes,
    description:
      `whole model ${sourceFormat.toUpperCase()} → ${outputFormat.toUpperCase()}` +
      (lost ? `, ${lost} thing${lost === 1 ? '' : 's'} not carried (warnings below)` : ''),
  };
}

function handler(format: 'mdx' | 'mdl', sniff: (bytes: Uint8Array) => boolean): FormatHandler {
  const fileName = `model.${format}`;
  return {
    format,
    extensions: [`.${format}`],
    sniff,
    inspect: (bytes) => inspect(bytes, fileName),
    validate: (bytes) => modelDiagnostics(modelCodec.readModel(bytes, fileName)),
    // Each model format converts to itself (the same bytes) and to the other (the whole model).
    conversions: Object.fromEntries(
      (['mdx', 'mdl'] as const).map((output) => [
        output,
        {
          ...(format === 'mdx' && output === 'mdl' ? { options: [MDL_EXTENSIONS_OPTION] } : {}),
          convert: (request) => convert(request, output, fileName),
        } satisfies FormatConversion,
      ]),
    ),
    dump: (bytes, write) => dumpModel(bytes, fileName, write),
  };
}

/** MDX: `.mdx` files, or any file starting with `MDLX`. Content decides: an `.mdx` holding MDL text reads as MDL. */
export const mdxHandler: FormatHandler = handler('mdx', (bytes) => sniffModelFormat(bytes) === 'mdx');
/** MDL: `.mdl` files, or text starting with a model block. */
export const mdlHandler: FormatHandler = handler('mdl', (bytes) => sniffModelFormat(bytes) === 'mdl');
/** Both model handlers, for the format table. */
export const modelHandlers: FormatHandler[] = [mdxHandler, mdlHandler];
