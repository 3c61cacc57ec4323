/**
 * The structural checks a glTF must pass before its data is read: every index in range, every
 * accessor inside its buffer view, every view inside its buffer, every buffer present and long
 * enough, no cycles among nodes, no extension we cannot read. A failure is a CodecError naming the
 * field (`accessors[3].count`) and the byte offset where the data runs out (for data ranges) or
 * where the JSON starts (for fields). The result locates any accessor element in its file, so the
 * importer's data checks (indices past the vertex count, key times out of order) can say where.
 */
import type { GLTF } from '@gltf-transform/core';
import { CodecError, type CodecErrorKind } from '../../binary/codec-error';
import type { GltfContainer } from './container';

/** Bytes per component of each accessor component type. */
export const COMPONENT_BYTE_SIZE: Readonly<Record<number, number>> = {
  5120: 1, // BYTE
  5121: 1, // UNSIGNED_BYTE
  5122: 2, // SHORT
  5123: 2, // UNSIGNED_SHORT
  5125: 4, // UNSIGNED_INT
  5126: 4, // FLOAT
};

/** Components per element of each accessor type. */
export const ELEMENT_SIZE: Readonly<Record<string, number>> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};

/** The most bytes an accessor with no buffer view (zero-filled, or sparse over zeros) may ask for. */
export const MAX_ZERO_FILLED_ACCESSOR_BYTES = 2 ** 26;

const PRIMITIVE_MODES = 7;
const INTERPOLATIONS = ['LINEAR', 'STEP', 'CUBICSPLINE'];

/** Where an accessor's bytes sit: in the file read, or in another file (a `.gltf`'s `.bin`). */
export interface AccessorLocation {
  /** Byte offset of the element in its file. */
  offset: number;
  /** The file holding it when it is not the glTF itself (a buffer's URI), for messages. */
  file?: string;
}

/** What the checks learn about the file: locations of accessor elements. */
export interface GltfLayout {
  /** Where element `element` of accessor `accessor` starts (its dense data, sparse substitutions aside). */
  locate(accessor: number, element: number): AccessorLocation;
}

/**
 * Checks `container.json` against the data it points at. `resources` holds the bytes of every
 * external URI (`externalUris`); data: URIs are measured from their text. Throws a CodecError for
 * the first problem found.
 */
export function checkGltf(container: GltfContainer, resources: Readonly<Record<string, Uint8Array>>): GltfLayout {
  const { json } = container;
  const at = container.jsonOffset;
  const fail = (kind: CodecErrorKind, where: string, detail: string, offset = at): never => {
    throw new CodecError({ format: 'gltf', kind, where, offset, detail });
  };
  const list = <T>(name: string): T[] => {
    const value = (json as unknown as Record<string, unknown>)[name];
    if (value === undefined) return [];
    if (!Array.isArray(value)) return fail('invalid', name, 'must be an array');
    value.forEach((item, index) => {
      if (typeof item !== 'object' || item === null) fail('invalid', `${name}[${index}]`, 'must be an object');
    });
    return value as T[];
  };
  /** `value` as an array (absent: empty), each item an object when `objects`. */
  const items = <T>(value: unknown, where: string, objects: boolean): T[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) return fail('invalid', where, 'must be an array');
    if (objects) {
      value.forEach((item, position) => {
        if (typeof item !== 'object' || item === null || Array.isArray(item)) {
          fail('invalid', `${where}[${position}]`, 'must be an object');
        }
      });
    }
    return value as T[];
  };
  const integer = (value: unknown, where: string, minimum = 0): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
      return fail('invalid', where, `must be an integer ≥ ${minimum}, not ${JSON.stringify(value)}`);
    }
    return value;
  };
  const index = (value: unknown, count: number, where: string, what: string): number => {
    const found = integer(value, where);
    if (found >= count) fail('invalid', where, `${what} ${found} does not exist (the file has ${count})`);
    return found;
  };
  const numbers = (value: unknown, length: number, where: string): void => {
    if (value === undefined) return;
    if (!Array.isArray(value) || value.length !== length || value.some((item) => typeof item !== 'number')) {
      fail('invalid', where, `must be ${length} numbers`);
    }
  };

  for (const [position, name] of (json.extensionsRequired ?? []).entries()) {
    fail(
      'unsupported',
      `extensionsRequired[${position}]`,
      `the file needs the extension ${name}, which is not supported: ` +
        'export without it (no compression or quantization)',
    );
  }

  // Buffers: their bytes and where those bytes start in their file.
  const buffers = list<GLTF.IBuffer>('buffers');
  const bufferBytes: number[] = [];
  const bufferFile: (string | undefined)[] = [];
  const bufferStart: number[] = [];
  buffers.forEach((buffer, position) => {
    const where = `buffers[${position}]`;
    const declared = integer(buffer.byteLength, `${where}.byteLength`, 1);
    let available: number;
    if (buffer.uri === undefined) {
      if (position !== 0 || container.kind !== 'glb')
        fail('invalid', `${where}.uri`, 'a buffer without a URI must be a GLB’s first');
      available = container.binary?.length ?? 0;
      bufferStart.push(container.binaryOffset);
      bufferFile.push(undefined);
      if (!container.binary)
        fail('truncated', where, 'the GLB has no BIN chunk for its first buffer', container.binaryOffset);
    } else if (typeof buffer.uri !== 'string') {
      return fail('invalid', `${where}.uri`, 'must be a string');
    } else if (buffer.uri.startsWith('data:')) {
      available = dataUriByteLength(buffer.uri, `${where}.uri`, at);
      bufferStart.push(0);
      bufferFile.push(`${where}.uri (data URI)`);
    } else {
      const data = resources[buffer.uri];
      if (!data) return fail('invalid', `${where}.uri`, `the buffer file ${JSON.stringify(buffer.uri)} was not found`);
      available = data.length;
      bufferStart.push(0);
      bufferFile.push(buffer.uri);
    }
    if (available < declared) {
      const file = bufferFile[position];
      fail(
        'truncated',
        file ? `${where} (${file})` : where,
        `the buffer declares ${declared} bytes; ${available} are there`,
        bufferStart[position]! + available,
      );
    }
    bufferBytes.push(declared);
  });
  const locateInBuffer = (buffer: number, byte: number): AccessorLocation => {
    const file = bufferFile[buffer];
    return file === undefined ? { offset: bufferStart[buffer]! + byte } : { offset: byte, file };
  };

  const views = list<GLTF.IBufferView>('bufferViews');
  views.forEach((view, position) => {
    const where = `bufferViews[${position}]`;
    const buffer = index(view.buffer, buffers.length, `${where}.buffer`, 'buffer');
    const offset = integer(view.byteOffset ?? 0, `${where}.byteOffset`);
    const length = integer(view.byteLength, `${where}.byteLength`, 1);
    if (view.byteStride !== undefined) {
      const stride = integer(view.byteStride, `${where}.byteStride`, 4);
      if (stride > 252 || stride % 4 !== 0)
        fail('invalid', `${where}.byteStride`, `${stride} is not a multiple of 4 in 4…252`);
    }
    if (offset + length > bufferBytes[buffer]!) {
      const location = locateInBuffer(buffer, bufferBytes[buffer]!);
      fail(
        'invalid',
        `${where}${location.file ? ` (${location.file})` : ''}`,
        `bytes ${offset}…${offset + length} run past buffer ${buffer}'s ${bufferBytes[buffer]} bytes`,
        location.offset,
      );
    }
  });

  const accessors = list<GLTF.IAccessor>('accessors');
  const accessorStart: number[] = [];
  const accessorStride: number[] = [];
  const accessorBuffer: number[] = [];
  accessors.forEach((accessor, position) => {
    const where = `accessors[${position}]`;
    const componentBytes = COMPONENT_BYTE_SIZE[accessor.componentType as number];
    if (!componentBytes) fail('invalid', `${where}.componentType`, `${accessor.componentType} is not a component type`);
    const components = ELEMENT_SIZE[accessor.type as string];
    if (!components) fail('invalid', `${where}.type`, `${JSON.stringify(accessor.type)} is not an accessor type`);
    const elementBytes = componentBytes! * components!;
    const count = integer(accessor.count, `${where}.count`, 1);
    const offset = integer(accessor.byteOffset ?? 0, `${where}.byteOffset`);
    if (accessor.bufferView === undefined) {
      if (count * elementBytes > MAX_ZERO_FILLED_ACCESSOR_BYTES) {
        fail(
          'limit',
          `${where}.count`,
          `${count} elements with no buffer view would take ${count * elementBytes} bytes`,
        );
      }
      accessorStart.push(-1);
      accessorStride.push(elementBytes);
      accessorBuffer.push(-1);
    } else {
      const viewIndex = index(accessor.bufferView, views.length, `${where}.bufferView`, 'buffer view');
      const view = views[viewIndex]!;
      const stride = view.byteStride ?? elementBytes;
      const end = offset + stride * (count - 1) + elementBytes;
      if (offset % componentBytes! !== 0)
        fail('invalid', `${where}.byteOffset`, `${offset} is not a multiple of ${componentBytes}`);
      const viewStart = view.byteOffset ?? 0;
      if (end > view.byteLength) {
        const location = locateInBuffer(view.buffer, viewStart + view.byteLength);
        fail(
          'invalid',
          `${where}.count${location.file ? ` (${location.file})` : ''}`,
          `${count} elements of ${elementBytes} bytes from byte ${offset} need ${end} bytes; buffer view ` +
            `${viewIndex} has ${view.byteLength}`,
          location.offset,
        );
      }
      accessorStart.push(viewStart + offset);
      accessorStride.push(stride);
      accessorBuffer.push(view.buffer);
    }
    if (accessor.sparse) checkSparse(accessor, position, count, elementBytes);
  });

  function checkSparse(accessor: GLTF.IAccessor, position: number, count: number, elementBytes: number): void {
    const where = `accessors[${position}].sparse`;
    const sparse = accessor.sparse!;
    const sparseCount = integer(sparse.count, `${where}.count`, 1);
    if (sparseCount > count) fail('invalid', `${where}.count`, `${sparseCount} substitutions for ${count} elements`);
    const indexBytes = COMPONENT_BYTE_SIZE[sparse.indices?.componentType as number];
    if (!sparse.indices || ![5121, 5123, 5125].includes(sparse.indices.componentType as number)) {
      fail('invalid', `${where}.indices.componentType`, 'must be an unsigned integer type');
    }
    const parts: [string, { bufferView: number; byteOffset?: number } | undefined, number][] = [
      ['indices', sparse.indices, indexBytes!],
      ['values', sparse.values, elementBytes],
    ];
    for (const [name, part, size] of parts) {
      if (!part) return fail('invalid', `${where}.${name}`, 'is missing');
      const view = views[index(part.bufferView, views.length, `${where}.${name}.bufferView`, 'buffer view')]!;
      const end = integer(part.byteOffset ?? 0, `${where}.${name}.byteOffset`) + sparseCount * size;
      if (end > view.byteLength) {
        const location = locateInBuffer(view.buffer, (view.byteOffset ?? 0) + view.byteLength);
        fail(
          'invalid',
          `${where}.${name}`,
          `${sparseCount} entries need ${end} bytes of a ${view.byteLength}-byte view`,
          location.offset,
        );
      }
    }
  }

  const nodes = list<GLTF.INode>('nodes');
  const meshes = list<GLTF.IMesh>('meshes');
  const skins = list<GLTF.ISkin>('skins');
  const images = list<GLTF.IImage>('images');
  const textures = list<GLTF.ITexture>('textures');
  const materials = list<GLTF.IMaterial>('materials');
  list<GLTF.ISampler>('samplers');
  list<GLTF.ICamera>('cameras');

  images.forEach((image, position) => {
    const where = `images[${position}]`;
    if (image.bufferView !== undefined) index(image.bufferView, views.length, `${where}.bufferView`, 'buffer view');
    else if (typeof image.uri !== 'string') fail('invalid', where, 'an image needs a uri or a bufferView');
    // An image file missing beside a .gltf only leaves its texture without pixels: a cape needs none.
    else if (image.uri.startsWith('data:')) dataUriByteLength(image.uri, `${where}.uri`, at);
  });
  textures.forEach((texture, position) => {
    if (texture.source !== undefined) index(texture.source, images.length, `textures[${position}].source`, 'image');
    if (texture.sampler !== undefined)
      index(texture.sampler, (json.samplers ?? []).length, `textures[${position}].sampler`, 'sampler');
  });
  materials.forEach((material, position) => {
    const info = material.pbrMetallicRoughness?.baseColorTexture;
    if (!info) return;
    const where = `materials[${position}].pbrMetallicRoughness.baseColorTexture`;
    index(info.index, textures.length, `${where}.index`, 'texture');
    integer(info.texCoord ?? 0, `${where}.texCoord`);
  });

  meshes.forEach((mesh, meshIndex) => {
    const where = `meshes[${meshIndex}]`;
    if (items(mesh.primitives, `${where}.primitives`, true).length === 0)
      fail('invalid', `${where}.primitives`, 'a mesh needs primitives');
    mesh.primitives.forEach((primitive, primitiveIndex) => {
      const at = `${where}.primitives[${primitiveIndex}]`;
      if (typeof primitive.attributes !== 'object' || primitive.attributes === null)
        fail('invalid', `${at}.attributes`, 'is missing');
      for (const [name, accessor] of Object.entries(primitive.attributes)) {
        index(accessor, accessors.length, `${at}.attributes.${name}`, 'accessor');
      }
      if (primitive.indices !== undefined) {
        const accessor = accessors[index(primitive.indices, accessors.length, `${at}.indices`, 'accessor')]!;
        if (accessor.type !== 'SCALAR' || ![5121, 5123, 5125].includes(accessor.componentType as number)) {
          fail('invalid', `${at}.indices`, 'indices must be SCALAR unsigned integers');
        }
      }
      if (primitive.material !== undefined) index(primitive.material, materials.length, `${at}.material`, 'material');
      if (primitive.mode !== undefined) index(primitive.mode, PRIMITIVE_MODES, `${at}.mode`, 'mode');
      items<Record<string, number>>(primitive.targets, `${at}.targets`, true).forEach((target, targetIndex) => {
        for (const [name, accessor] of Object.entries(target)) {
          index(accessor, accessors.length, `${at}.targets[${targetIndex}].${name}`, 'accessor');
        }
      });
    });
  });

  const parentOf = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node, position) => {
    const where = `nodes[${position}]`;
    if (node.mesh !== undefined) index(node.mesh, meshes.length, `${where}.mesh`, 'mesh');
    if (node.skin !== undefined) index(node.skin, skins.length, `${where}.skin`, 'skin');
    numbers(node.translation, 3, `${where}.translation`);
    numbers(node.rotation, 4, `${where}.rotation`);
    numbers(node.scale, 3, `${where}.scale`);
    numbers(node.matrix, 16, `${where}.matrix`);
    for (const [childPosition, child] of items<number>(node.children, `${where}.children`, false).entries()) {
      const childIndex = index(child, nodes.length, `${where}.children[${childPosition}]`, 'node');
      if (parentOf[childIndex] !== -1 || childIndex === position) {
        fail('invalid', `${where}.children[${childPosition}]`, `node ${childIndex} has more than one parent`);
      }
      parentOf[childIndex] = position;
    }
  });
  nodes.forEach((_, start) => {
    // Walk up: a chain longer than the node count returns to a node it passed.
    let node = start;
    for (let steps = 0; node !== -1; steps += 1) {
      if (steps > nodes.length)
        fail('invalid', `nodes[${start}]`, 'the node is its own ancestor (the hierarchy has a cycle)');
      node = parentOf[node]!;
    }
  });

  skins.forEach((skin, position) => {
    const where = `skins[${position}]`;
    if (!Array.isArray(skin.joints) || skin.joints.length === 0)
      fail('invalid', `${where}.joints`, 'a skin needs joints');
    skin.joints.forEach((joint, jointIndex) => index(joint, nodes.length, `${where}.joints[${jointIndex}]`, 'node'));
    if (skin.skeleton !== undefined) index(skin.skeleton, nodes.length, `${where}.skeleton`, 'node');
    if (skin.inverseBindMatrices !== undefined) {
      const accessor =
        accessors[index(skin.inverseBindMatrices, accessors.length, `${where}.inverseBindMatrices`, 'accessor')]!;
      if (accessor.type !== 'MAT4' || accessor.componentType !== 5126 || accessor.count < skin.joints.length) {
        fail('invalid', `${where}.inverseBindMatrices`, `must be ${skin.joints.length} or more FLOAT MAT4s`);
      }
    }
  });

  list<GLTF.IAnimation>('animations').forEach((animation, animationIndex) => {
    const where = `animations[${animationIndex}]`;
    const samplers = items<GLTF.IAnimationSampler>(animation.samplers, `${where}.samplers`, true);
    samplers.forEach((sampler, samplerIndex) => {
      const at = `${where}.samplers[${samplerIndex}]`;
      const input = accessors[index(sampler.input, accessors.length, `${at}.input`, 'accessor')]!;
      if (input.type !== 'SCALAR' || input.componentType !== 5126)
        fail('invalid', `${at}.input`, 'key times must be FLOAT SCALARs');
      index(sampler.output, accessors.length, `${at}.output`, 'accessor');
      if (sampler.interpolation !== undefined && !INTERPOLATIONS.includes(sampler.interpolation)) {
        fail(
          'invalid',
          `${at}.interpolation`,
          `${JSON.stringify(sampler.interpolation)} is not LINEAR, STEP or CUBICSPLINE`,
        );
      }
    });
    const channels = items<GLTF.IAnimationChannel>(animation.channels, `${where}.channels`, true);
    channels.forEach((channel, channelIndex) => {
      const at = `${where}.channels[${channelIndex}]`;
      index(channel.sampler, samplers.length, `${at}.sampler`, 'sampler');
      if (typeof channel.target !== 'object' || channel.target === null) fail('invalid', `${at}.target`, 'is missing');
      if (channel.target.node !== undefined) index(channel.target.node, nodes.length, `${at}.target.node`, 'node');
    });
  });

  list<GLTF.IScene>('scenes').forEach((scene, sceneIndex) => {
    items<number>(scene.nodes, `scenes[${sceneIndex}].nodes`, false).forEach((node, position) =>
      index(node, nodes.length, `scenes[${sceneIndex}].nodes[${position}]`, 'node'),
    );
  });
  if (json.scene !== undefined) index(json.scene, (json.scenes ?? []).length, 'scene', 'scene');

  return {
    locate(accessor, element) {
      const start = accessorStart[accessor];
      if (start === undefined || start < 0) return { offset: at };
      return locateInBuffer(accessorBuffer[accessor]!, start + element * accessorStride[accessor]!);
    },
  };
}

/** `accessors[3][17] (meshes[0].primitives[0].indices in cape.bin)`: an accessor element, for messages. */
export function accessorElementWhere(
  accessor: number,
  element: number,
  label: string,
  location: AccessorLocation,
): string {
  return `accessors[${accessor}][${element}] (${label}${location.file ? ` in ${location.file}` : ''})`;
}

/** The byte length a base64 (or percent-encoded) data: URI decodes to, refusing malformed base64. */
function dataUriByteLength(uri: string, where: string, offset: number): number {
  const comma = uri.indexOf(',');
  const payload = comma < 0 ? '' : uri.slice(comma + 1);
  if (!/;base64$/i.test(uri.slice(0, Math.max(comma, 0)))) return decodeURIComponentSafe(payload).length;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw new CodecError({
      format: 'gltf',
      kind: 'invalid',
      where,
      offset,
      detail: 'the data URI is not valid base64',
    });
  }
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
