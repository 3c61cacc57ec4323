/**
 * The validation pass over a model's emitters: every value the simulation would cap (limits.ts) — a NaN, infinite,
 * negative or huge emission rate or lifespan, a speed, gravity, size or height beyond the largest used, in the
 * static fields or in a track's keys — is one warning naming the emitter and the field, and what the preview uses
 * instead. Popcorn emitters (Reforged's PopcornFX) get a note that the preview does not simulate them.
 */
import type { Diagnostic } from '../../diagnostics';
import type { Track, TypedMdxModel } from '../index';
import { findTrack, modelNodes } from '../index';
import { float32Text } from '../mdl/numbers';
import {
  isHostileLifespan,
  isHostileMagnitude,
  isHostileRate,
  MAX_EMISSION_RATE,
  MAX_LIFESPAN_SECONDS,
  MAX_MAGNITUDE,
} from './limits';

type Check = 'rate' | 'lifespan' | 'magnitude';

/** Fields checked per kind: [field, track tag or '', what it is, check]. */
const FIELDS: Readonly<Record<string, readonly (readonly [string, string, string, Check])[]>> = {
  particleEmitter2: [
    ['emissionRate', 'KP2E', 'emission rate', 'rate'],
    ['lifespan', '', 'lifespan', 'lifespan'],
    ['speed', 'KP2S', 'speed', 'magnitude'],
    ['variation', 'KP2R', 'variation', 'magnitude'],
    ['latitude', 'KP2L', 'latitude', 'magnitude'],
    ['gravity', 'KP2G', 'gravity', 'magnitude'],
    ['length', 'KP2N', 'length (the first size)', 'magnitude'],
    ['width', 'KP2W', 'width (the second size)', 'magnitude'],
    ['tailLength', '', 'tail length', 'magnitude'],
  ],
  particleEmitter: [
    ['emissionRate', 'KPEE', 'emission rate', 'rate'],
    ['lifespan', 'KPEL', 'lifespan', 'lifespan'],
    ['initialVelocity', 'KPES', 'speed', 'magnitude'],
    ['latitude', 'KPLT', 'latitude', 'magnitude'],
    ['gravity', 'KPEG', 'gravity', 'magnitude'],
  ],
  ribbonEmitter: [
    ['emissionRate', '', 'edges per second', 'rate'],
    ['lifespan', '', 'lifespan', 'lifespan'],
    ['heightAbove', 'KRHA', 'height above', 'magnitude'],
    ['heightBelow', 'KRHB', 'height below', 'magnitude'],
    ['gravity', '', 'gravity', 'magnitude'],
  ],
};

const KIND_LABEL: Readonly<Record<string, string>> = {
  particleEmitter2: 'ParticleEmitter2',
  particleEmitter: 'ParticleEmitter',
  ribbonEmitter: 'RibbonEmitter',
};

function hostile(value: number, check: Check): boolean {
  return check === 'rate'
    ? isHostileRate(value)
    : check === 'lifespan'
      ? isHostileLifespan(value)
      : isHostileMagnitude(value);
}

function replacement(value: number, check: Check): string {
  if (check === 'magnitude')
    return Number.isNaN(value) ? '0' : `${value > 0 ? '' : '−'}${MAX_MAGNITUDE.toExponential()}`;
  const maximum = check === 'rate' ? MAX_EMISSION_RATE : MAX_LIFESPAN_SECONDS;
  return value > maximum ? String(maximum) : '0';
}

/** The first key of a track whose value the check refuses, or −1. */
function hostileKey(track: Track, check: Check): number {
  for (let key = 0; key < track.keyCount; key += 1)
    if (hostile(track.keyValues[key * track.stride + 1]!, check)) return key;
  return -1;
}

/** Diagnostics for the model's emitters (none for a model whose emitters are all within bounds). */
export function emitterDiagnostics(model: Pick<TypedMdxModel, 'chunks'>): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const entry of modelNodes(model)) {
    const object = entry.object as unknown as Record<string, unknown> & { node: { name: string }; tracks?: Track[] };
    const where = `${entry.tag} "${object.node.name}"`;
    if (entry.kind === 'particleEmitterPopcorn') {
      diagnostics.push({
        severity: 'info',
        code: 'emitter.popcorn-not-simulated',
        message: `${where} is a PopcornFX emitter (Reforged): the preview shows its gizmo but does not simulate it.`,
        where,
      });
      continue;
    }
    const fields = FIELDS[entry.kind];
    if (!fields) continue;
    for (const [field, tag, label, check] of fields) {
      const value = object[field] as number;
      if (typeof value === 'number' && hostile(value, check))
        diagnostics.push({
          severity: 'warning',
          code: `emitter.hostile-${check === 'magnitude' ? 'value' : check}`,
          message:
            `${KIND_LABEL[entry.kind]} "${object.node.name}" has ${label} ${float32Text(value)}; ` +
            `the preview uses ${replacement(value, check)}.`,
          where: `${where} ${field}`,
        });
      const track = tag ? findTrack(object.tracks ?? [], tag) : undefined;
      const key = track ? hostileKey(track, check) : -1;
      if (track && key >= 0) {
        const keyed = track.keyValues[key * track.stride + 1]!;
        diagnostics.push({
          severity: 'warning',
          code: `emitter.hostile-${check === 'magnitude' ? 'value' : check}`,
          message:
            `${KIND_LABEL[entry.kind]} "${object.node.name}" has ${label} ${float32Text(keyed)} at frame ` +
            `${track.keyWords[key * track.stride]} (${tag}); the preview uses ${replacement(keyed, check)}.`,
          where: `${where} ${tag}`,
        });
      }
    }
  }
  return diagnostics;
}
