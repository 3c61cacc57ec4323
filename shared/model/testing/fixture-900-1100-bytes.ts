/**
 * The bytes of the version 900 and 1100 fixtures (./fixtures-900-1100.ts), encoded from the
 * specification with a byte builder of their own, independently of the typed model's writers.
 */
import {
  fixtureVersionRules,
  versionFixtureContent,
  type ExtentFixture,
  type FixtureVersion,
  type GeosetFixture,
  type LayerFixture,
  type NodeFixture,
  type TrackFixture,
  type VersionFixtureContent,
} from './fixtures-900-1100';

/** The bytes of the fixture of `version` (the chunks in the order the game's exporter writes them). */
export function versionFixtureBytes(content: VersionFixtureContent): Uint8Array {
  const rules = fixtureVersionRules(content.version);
  const out = new ByteBuilder();
  out.tag('MDLX');
  out.chunk('VERS', () => out.u32(content.version));
  out.chunk('MODL', () => {
    const info = content.modelInfo;
    out.text(info.name, 80).text(info.animationFileName, 260);
    writeExtent(out, info.extent);
    out.u32(info.blendTime);
  });
  out.chunk('SEQS', () => {
    for (const sequence of content.sequences) {
      out.text(sequence.name, 80).u32(sequence.start).u32(sequence.end).f32(sequence.moveSpeed).u32(sequence.flags);
      out.f32(sequence.rarity).u32(sequence.syncPoint);
      writeExtent(out, sequence.extent);
    }
  });
  out.chunk('GLBS', () => content.globalSequences.forEach((duration) => out.u32(duration)));
  out.chunk('MTLS', () => {
    for (const material of content.materials) {
      out.sized(() => {
        out.i32(material.priorityPlane).u32(material.flags);
        if (rules.materialShader) out.text(material.shader, 80);
        out.tag('LAYS').u32(material.layers.length);
        for (const layer of material.layers) writeLayer(out, layer, rules.textureSlots);
      });
    }
  });
  out.chunk('TEXS', () => {
    for (const texture of content.textures)
      out.u32(texture.replaceableId).text(texture.fileName, 260).u32(texture.flags);
  });
  out.chunk('GEOS', () => content.geosets.forEach((geoset) => writeGeoset(out, geoset)));
  out.chunk('GEOA', () => {
    for (const animation of content.geosetAnimations) {
      out.sized(() => {
        out.f32(animation.alpha).u32(animation.flags).f32s(animation.color).u32(animation.geosetId);
        animation.tracks.forEach((item) => writeTrack(out, item));
      });
    }
  });
  out.chunk('BONE', () => {
    for (const bone of content.bones) {
      writeNode(out, bone.node);
      out.i32(bone.geosetId).i32(bone.geosetAnimationId);
    }
  });
  out.chunk('LITE', () => {
    for (const light of content.lights) {
      out.sized(() => {
        writeNode(out, light.node);
        out.u32(light.type).f32(light.attenuationStart).f32(light.attenuationEnd).f32s(light.color);
        out.f32(light.intensity).f32s(light.ambientColor).f32(light.ambientIntensity);
        light.tracks.forEach((item) => writeTrack(out, item));
      });
    }
  });
  out.chunk('HELP', () => content.helpers.forEach((helper) => writeNode(out, helper.node)));
  out.chunk('PIVT', () => out.f32s(content.pivots));
  out.chunk('BPOS', () => out.u32(content.bindPoses.length / 12).f32s(content.bindPoses));
  return out.finish();
}

/** The content and bytes of the fixture of `version`. */
export function versionFixture(version: FixtureVersion): { content: VersionFixtureContent; bytes: Uint8Array } {
  const content = versionFixtureContent(version);
  return { content, bytes: versionFixtureBytes(content) };
}

function writeExtent(out: ByteBuilder, value: ExtentFixture): void {
  out.f32(value.boundsRadius).f32s(value.minimum).f32s(value.maximum);
}

/** A track: tag, key count, interpolation, global sequence id, then each key (frame, value, tangents). */
function writeTrack(out: ByteBuilder, value: TrackFixture): void {
  const integer = value.tag === 'KMTF';
  out.tag(value.tag).u32(value.keys.length).u32(value.interpolation).i32(value.globalSequenceId);
  for (const key of value.keys) {
    out.i32(key.frame);
    for (const part of [key.value, key.inTangent, key.outTangent])
      if (part) for (const number of part) integer ? out.i32(number) : out.f32(number);
  }
}

/** A node: inclusive size, char[80] name, objectId, parentId, flags, KGTR/KGRT/KGSC. */
function writeNode(out: ByteBuilder, node: NodeFixture): void {
  out.sized(() => {
    out.text(node.name, 80).u32(node.objectId).i32(node.parentId).u32(node.flags);
    node.tracks.forEach((item) => writeTrack(out, item));
  });
}

function writeLayer(out: ByteBuilder, layer: LayerFixture, textureSlots: boolean): void {
  out.sized(() => {
    out.u32(layer.filterMode).u32(layer.shadingFlags).i32(layer.textureId).i32(layer.textureAnimationId);
    out.u32(layer.coordId).f32(layer.alpha);
    // The client reads all six Reforged floats from 900 on (the specification thread's note on build 13769).
    out.f32(layer.emissiveGain).f32s(layer.fresnelColor).f32(layer.fresnelOpacity).f32(layer.fresnelTeamColor);
    if (textureSlots) {
      out.u32(layer.shaderTypeId).u32(layer.textures.length);
      for (const slot of layer.textures) {
        out.i32(slot.textureId).u32(slot.slot);
        if (slot.textureIdTrack) writeTrack(out, slot.textureIdTrack);
      }
    }
    layer.tracks.forEach((item) => writeTrack(out, item));
  });
}

function writeGeoset(out: ByteBuilder, geoset: GeosetFixture): void {
  out.sized(() => {
    out
      .tag('VRTX')
      .u32(geoset.vertices.length / 3)
      .f32s(geoset.vertices);
    out
      .tag('NRMS')
      .u32(geoset.normals.length / 3)
      .f32s(geoset.normals);
    out.tag('PTYP').u32(geoset.faceTypeGroups.length).u32s(geoset.faceTypeGroups);
    out.tag('PCNT').u32(geoset.faceGroups.length).u32s(geoset.faceGroups);
    out.tag('PVTX').u32(geoset.faces.length);
    geoset.faces.forEach((index) => out.u16(index));
    out.tag('GNDX').u32(geoset.vertexGroups.length);
    geoset.vertexGroups.forEach((group) => out.u8(group));
    out.tag('MTGC').u32(geoset.matrixGroups.length).u32s(geoset.matrixGroups);
    out.tag('MATS').u32(geoset.matrixIndices.length).u32s(geoset.matrixIndices);
    out.u32(geoset.materialId).u32(geoset.selectionGroup).u32(geoset.selectionFlags);
    out.u32(geoset.lod).text(geoset.lodName, 80);
    writeExtent(out, geoset.extent);
    out.u32(geoset.sequenceExtents.length);
    geoset.sequenceExtents.forEach((item) => writeExtent(out, item));
    if (geoset.tangents)
      out
        .tag('TANG')
        .u32(geoset.tangents.length / 4)
        .f32s(geoset.tangents);
    // SKIN's count is in bytes: eight per vertex.
    if (geoset.skin) {
      out.tag('SKIN').u32(geoset.skin.length);
      geoset.skin.forEach((byte) => out.u8(byte));
    }
    out.tag('UVAS').u32(geoset.textureCoordinateSets.length);
    for (const set of geoset.textureCoordinateSets)
      out
        .tag('UVBS')
        .u32(set.length / 2)
        .f32s(set);
  });
}

/** A little-endian byte builder: numbers, four-character tags, NUL-padded text, sized blocks. */
export class ByteBuilder {
  private buffer = new Uint8Array(1024);
  private view = new DataView(this.buffer.buffer);
  private length = 0;

  private reserve(bytes: number): number {
    if (this.length + bytes > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes));
      grown.set(this.buffer);
      this.buffer = grown;
      this.view = new DataView(grown.buffer);
    }
    const at = this.length;
    this.length += bytes;
    return at;
  }

  u8(value: number): this {
    const at = this.reserve(1);
    this.buffer[at] = value;
    return this;
  }

  u16(value: number): this {
    const at = this.reserve(2);
    this.view.setUint16(at, value, true);
    return this;
  }

  u32(value: number): this {
    const at = this.reserve(4);
    this.view.setUint32(at, value >>> 0, true);
    return this;
  }

  i32(value: number): this {
    const at = this.reserve(4);
    this.view.setInt32(at, value, true);
    return this;
  }

  f32(value: number): this {
    const at = this.reserve(4);
    this.view.setFloat32(at, value, true);
    return this;
  }

  u32s(values: readonly number[]): this {
    values.forEach((value) => this.u32(value));
    return this;
  }

  f32s(values: readonly number[]): this {
    values.forEach((value) => this.f32(value));
    return this;
  }

  /** Four ASCII characters. */
  tag(tag: string): this {
    for (let index = 0; index < 4; index += 1) this.u8(tag.charCodeAt(index));
    return this;
  }

  /** ASCII `text` padded with NULs to `size` bytes. */
  text(text: string, size: number): this {
    const at = this.reserve(size);
    for (let index = 0; index < size; index += 1)
      this.buffer[at + index] = index < text.length ? text.charCodeAt(index) : 0;
    return this;
  }

  /** A block led by its inclusive uint32 size. */
  sized(body: () => void): this {
    const at = this.reserve(4);
    body();
    this.view.setUint32(at, this.length - at, true);
    return this;
  }

  /** A chunk: tag, uint32 size of the body (header excluded), body. */
  chunk(tag: string, body: () => void): this {
    this.tag(tag);
    const at = this.reserve(4);
    body();
    this.view.setUint32(at, this.length - at - 4, true);
    return this;
  }

  /** A copy of the bytes so far. */
  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
