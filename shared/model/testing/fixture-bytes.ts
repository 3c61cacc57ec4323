/**
 * The bytes of a {@link FullModelSpec} for a version, written straight from the specification
 * (`specs/mdx-format-thread.txt`) with the version rules of ./fixtures.ts — not with the typed
 * model's writers or `mdxLayout`.
 */
import { BinaryWriter } from '../../binary/writer';
import { concat, field, mdxBytes } from './mdx-bytes';
import { fixtureRules, type FullModelSpec, type node, type TrackSpec } from './fixtures';

const INTEGER_TRACKS = ['KMTF', 'KRTX'];

function trackBytes(writer: BinaryWriter, spec: TrackSpec): void {
  writer.tag(spec.tag).u32(spec.keys.length).u32(spec.interpolation).i32(spec.globalSequenceId);
  const values = (list: readonly number[]) => {
    for (const value of list) {
      if (INTEGER_TRACKS.includes(spec.tag)) writer.u32(value);
      else writer.f32(value);
    }
  };
  for (const key of spec.keys) {
    writer.i32(key.frame);
    values(key.value);
    if (spec.interpolation > 1) {
      values(key.inTangent!);
      values(key.outTangent!);
    }
  }
}

function floats(writer: BinaryWriter, values: readonly number[]): void {
  for (const value of values) writer.f32(value);
}

function writeExtent(writer: BinaryWriter, value: { boundsRadius: number; minimum: number[]; maximum: number[] }) {
  writer.f32(value.boundsRadius);
  floats(writer, value.minimum);
  floats(writer, value.maximum);
}

/** An object that starts with its inclusive size: writes the size, then `body`, then fills the size in. */
function sized(writer: BinaryWriter, body: () => void): void {
  const at = writer.offset;
  writer.u32(0);
  body();
  writer.patchU32(at, writer.offset - at);
}

function nodeBytes(writer: BinaryWriter, spec: ReturnType<typeof node>): void {
  sized(writer, () => {
    writer.bytes(field(spec.name, 80)).i32(spec.objectId).i32(spec.parentId).u32(spec.flags);
    for (const item of spec.tracks) trackBytes(writer, item);
  });
}

function chunk(build: (writer: BinaryWriter) => void): Uint8Array {
  const writer = new BinaryWriter();
  build(writer);
  return writer.finish().slice();
}

/** The MDX bytes of `spec` for `version` (every chunk the version has, in the exporter's order). */
export function fullModelBytes(spec: FullModelSpec, version = spec.version): Uint8Array {
  const rules = fixtureRules(version);
  const chunks: [string, Uint8Array][] = [];
  const add = (tag: string, build: (writer: BinaryWriter) => void) => chunks.push([tag, chunk(build)]);
  add('VERS', (w) => w.u32(version));
  add('MODL', (w) => {
    w.bytes(field(spec.modelInfo.name, 80)).bytes(field(spec.modelInfo.animationFileName, 260));
    writeExtent(w, spec.modelInfo.extent);
    w.u32(spec.modelInfo.blendTime);
  });
  add('SEQS', (w) => {
    for (const sequence of spec.sequences) {
      w.bytes(field(sequence.name, 80)).u32(sequence.start).u32(sequence.end).f32(sequence.moveSpeed);
      w.u32(sequence.flags).f32(sequence.rarity).u32(sequence.syncPoint);
      writeExtent(w, sequence.extent);
    }
  });
  add('GLBS', (w) => spec.globalSequences.forEach((duration) => w.u32(duration)));
  add('MTLS', (w) => {
    for (const material of spec.materials) {
      sized(w, () => {
        w.i32(material.priorityPlane).u32(material.flags);
        if (rules.shaderName) w.bytes(field(material.shader, 80));
        w.tag('LAYS').u32(material.layers.length);
        for (const layer of material.layers) {
          sized(w, () => {
            w.u32(layer.filterMode).u32(layer.shadingFlags).i32(layer.textureId).i32(layer.textureAnimationId);
            w.u32(layer.coordId).f32(layer.alpha);
            if (rules.reforged) {
              w.f32(layer.emissiveGain);
              floats(w, layer.fresnelColor);
              w.f32(layer.fresnelOpacity).f32(layer.fresnelTeamColor);
            }
            if (rules.textureSlots) {
              w.u32(layer.shaderTypeId).u32(layer.textures.length);
              for (const texture of layer.textures) {
                w.i32(texture.textureId).u32(texture.slot);
                if (texture.textureIdTrack) trackBytes(w, texture.textureIdTrack);
              }
            }
            for (const item of layer.tracks) trackBytes(w, item);
          });
        }
      });
    }
  });
  add('TEXS', (w) => {
    for (const texture of spec.textures)
      w.u32(texture.replaceableId).bytes(field(texture.fileName, 260)).u32(texture.flags);
  });
  add('SNDS', (w) => {
    for (const sound of spec.soundTracks)
      w.bytes(field(sound.fileName, 260)).f32(sound.volume).f32(sound.pitch).u32(sound.flags);
  });
  add('TXAN', (w) => {
    for (const animation of spec.textureAnimations)
      sized(w, () => animation.tracks.forEach((item) => trackBytes(w, item)));
  });
  add('GEOS', (w) => {
    for (const geoset of spec.geosets) {
      sized(w, () => {
        const array = (tag: string, values: number[], per: number, write: (value: number) => void) => {
          w.tag(tag).u32(values.length / per);
          values.forEach(write);
        };
        array('VRTX', geoset.vertices, 3, (value) => w.f32(value));
        array('NRMS', geoset.normals, 3, (value) => w.f32(value));
        array('PTYP', geoset.faceTypeGroups, 1, (value) => w.u32(value));
        array('PCNT', geoset.faceGroups, 1, (value) => w.u32(value));
        array('PVTX', geoset.faces, 1, (value) => w.u16(value));
        array('GNDX', geoset.vertexGroups, 1, (value) => w.u8(value));
        array('MTGC', geoset.matrixGroups, 1, (value) => w.u32(value));
        array('MATS', geoset.matrixIndices, 1, (value) => w.u32(value));
        w.u32(geoset.materialId).u32(geoset.selectionGroup).u32(geoset.selectionFlags);
        if (rules.reforged) w.u32(geoset.lod).bytes(field(geoset.lodName, 80));
        writeExtent(w, geoset.extent);
        w.u32(geoset.sequenceExtents.length);
        geoset.sequenceExtents.forEach((item) => writeExtent(w, item));
        if (rules.reforged && geoset.tangents) array('TANG', geoset.tangents, 4, (value) => w.f32(value));
        if (rules.reforged && geoset.skin) array('SKIN', geoset.skin, 1, (value) => w.u8(value));
        w.tag('UVAS').u32(geoset.textureCoordinateSets.length);
        for (const set of geoset.textureCoordinateSets) array('UVBS', set, 2, (value) => w.f32(value));
      });
    }
  });
  add('GEOA', (w) => {
    for (const animation of spec.geosetAnimations) {
      sized(w, () => {
        w.f32(animation.alpha).u32(animation.flags);
        floats(w, animation.color);
        w.i32(animation.geosetId);
        animation.tracks.forEach((item) => trackBytes(w, item));
      });
    }
  });
  add('BONE', (w) => {
    for (const bone of spec.bones) {
      nodeBytes(w, bone.node);
      w.i32(bone.geosetId).i32(bone.geosetAnimationId);
    }
  });
  const wrapped = (
    w: BinaryWriter,
    object: { node: ReturnType<typeof node>; tracks: TrackSpec[] },
    fields: () => void,
  ) =>
    sized(w, () => {
      nodeBytes(w, object.node);
      fields();
      object.tracks.forEach((item) => trackBytes(w, item));
    });
  add('LITE', (w) => {
    for (const light of spec.lights) {
      wrapped(w, light, () => {
        w.u32(light.type).f32(light.attenuationStart).f32(light.attenuationEnd);
        floats(w, light.color);
        w.f32(light.intensity);
        floats(w, light.ambientColor);
        w.f32(light.ambientIntensity);
        if (rules.lightShadow) w.f32(light.shadowIntensity);
      });
    }
  });
  add('HELP', (w) => spec.helpers.forEach((helper) => nodeBytes(w, helper.node)));
  add('ATCH', (w) => {
    for (const attachment of spec.attachments)
      wrapped(w, attachment, () => w.bytes(field(attachment.path, 260)).i32(attachment.attachmentId));
  });
  add('PIVT', (w) => floats(w, spec.pivots));
  add('PREM', (w) => {
    for (const emitter of spec.particleEmitters) {
      wrapped(w, emitter, () => {
        w.f32(emitter.emissionRate).f32(emitter.gravity).f32(emitter.longitude).f32(emitter.latitude);
        w.bytes(field(emitter.spawnModelFileName, 260)).f32(emitter.lifespan).f32(emitter.initialVelocity);
      });
    }
  });
  add('PRE2', (w) => {
    for (const emitter of spec.particleEmitters2) {
      wrapped(w, emitter, () => {
        floats(w, [emitter.speed, emitter.variation, emitter.latitude, emitter.gravity, emitter.lifespan]);
        floats(w, [emitter.emissionRate, emitter.length, emitter.width]);
        w.u32(emitter.filterMode).u32(emitter.rows).u32(emitter.columns).u32(emitter.headOrTail);
        w.f32(emitter.tailLength).f32(emitter.time);
        floats(w, emitter.segmentColors);
        emitter.segmentAlphas.forEach((alpha) => w.u8(alpha));
        floats(w, emitter.segmentScaling);
        const intervals = [
          emitter.headInterval,
          emitter.headDecayInterval,
          emitter.tailInterval,
          emitter.tailDecayInterval,
        ];
        intervals.flat().forEach((value) => w.u32(value));
        w.i32(emitter.textureId).u32(emitter.squirt).i32(emitter.priorityPlane).u32(emitter.replaceableId);
      });
    }
  });
  if (rules.reforged) {
    add('CORN', (w) => {
      for (const emitter of spec.popcornEmitters) {
        wrapped(w, emitter, () => {
          w.f32(emitter.lifespan).f32(emitter.emissionRate).f32(emitter.speed);
          floats(w, emitter.color);
          w.f32(emitter.alpha).u32(emitter.replaceableId);
          w.bytes(field(emitter.path, 260)).bytes(field(emitter.animationVisibilityGuide, 260));
        });
      }
    });
  }
  add('RIBB', (w) => {
    for (const emitter of spec.ribbonEmitters) {
      wrapped(w, emitter, () => {
        w.f32(emitter.heightAbove).f32(emitter.heightBelow).f32(emitter.alpha);
        floats(w, emitter.color);
        w.f32(emitter.lifespan).u32(emitter.textureSlot).u32(emitter.emissionRate).u32(emitter.rows);
        w.u32(emitter.columns).i32(emitter.materialId).f32(emitter.gravity);
      });
    }
  });
  add('EVTS', (w) => {
    for (const object of spec.eventObjects) {
      nodeBytes(w, object.node);
      if (object.keys) {
        w.tag('KEVT').u32(object.keys.frames.length).i32(object.keys.globalSequenceId);
        object.keys.frames.forEach((frame) => w.u32(frame));
      }
    }
  });
  add('CAMS', (w) => {
    for (const camera of spec.cameras) {
      sized(w, () => {
        w.bytes(field(camera.name, 80));
        floats(w, camera.position);
        w.f32(camera.fieldOfView).f32(camera.farClippingPlane).f32(camera.nearClippingPlane);
        floats(w, camera.targetPosition);
        camera.tracks.forEach((item) => trackBytes(w, item));
      });
    }
  });
  add('CLID', (w) => {
    for (const shape of spec.collisionShapes) {
      nodeBytes(w, shape.node);
      w.u32(shape.type);
      floats(w, shape.vertices);
      if (shape.radius !== null) w.f32(shape.radius);
    }
  });
  if (rules.reforged) {
    add('FAFX', (w) =>
      spec.faceEffects.forEach((effect) => w.bytes(concat(field(effect.target, 80), field(effect.path, 260)))),
    );
    add('BPOS', (w) => {
      w.u32(spec.bindPoses.length / 12);
      floats(w, spec.bindPoses);
    });
  }
  return mdxBytes(chunks);
}

/** The chunk tags {@link fullModelBytes} writes for `version`, in order. */
export function fullModelTags(version: number): string[] {
  const reforged = fixtureRules(version).reforged;
  return [
    ...['VERS', 'MODL', 'SEQS', 'GLBS', 'MTLS', 'TEXS', 'SNDS', 'TXAN', 'GEOS', 'GEOA', 'BONE', 'LITE', 'HELP'],
    ...['ATCH', 'PIVT', 'PREM', 'PRE2', ...(reforged ? ['CORN'] : []), 'RIBB', 'EVTS', 'CAMS', 'CLID'],
    ...(reforged ? ['FAFX', 'BPOS'] : []),
  ];
}
