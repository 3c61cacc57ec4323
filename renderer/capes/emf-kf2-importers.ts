/**
 * The EMF and KF2 rows of the cape importer table (cape-importers.ts): File ▸ Import ▸ Cape from
 * EMF… and Cape from KF2…, with the options `morf convert` takes. Both convert with shared/ code
 * only, so the cape worker runs them as it runs the others.
 */
import { CodecError } from '../../shared/binary/codec-error';
import {
  emfPartNames,
  emfToMrf,
  isEmf,
  loadEmfSet,
  readEmfManifest,
  type EmfImportOptions,
} from '../../shared/emf/index';
import { kf2ToMrf, readKf2, type Kf2ImportOptions } from '../../shared/kf2/index';
import type { CapeImporter, CapeImportValues } from './cape-importer-types';

const number = (value: number) => String(Number(value.toPrecision(6)));

function text(values: CapeImportValues, key: string): string | undefined {
  const value = values[key];
  return value === undefined || value === '' ? undefined : String(value);
}

/** EMF: a manifest with its parts beside it (`wolf.emf.vtx`, `.skel`, `.anim.<name>`). */
export const emfCapeImporter: CapeImporter = {
  id: 'emf',
  label: 'EMF',
  extensions: ['.emf'],
  options: [
    {
      key: 'animation',
      label: 'Animation',
      kind: 'text',
      placeholder: 'the first',
      hint: 'The animation to bake: its name or its index',
    },
    { key: 'fps', label: 'FPS', kind: 'number', placeholder: 'the file’s', hint: 'Keyframes per second of the cape' },
    {
      key: 'bind',
      label: 'Bind pose',
      kind: 'text',
      placeholder: 'the first animation',
      hint: 'The animation whose first keyframes are the pose the vertices are modelled in',
    },
  ],
  companions(bytes, name) {
    // An unreadable manifest names no parts: convert refuses it with its own error.
    if (!isEmf(bytes)) return { required: [], optional: [] };
    let animations: string[] = [];
    try {
      animations = readEmfManifest(bytes, name).animations;
    } catch {
      return { required: [], optional: [] };
    }
    const parts = emfPartNames(name);
    return {
      required: [
        parts.vertices,
        parts.skeleton,
        ...animations.map((animation) => emfPartNames(name, animation).animation),
      ],
      optional: [],
    };
  },
  async convert(source, values) {
    const options: EmfImportOptions = {};
    if (typeof values.fps === 'number') options.fps = values.fps;
    const animation = text(values, 'animation');
    if (animation !== undefined) options.animation = animation;
    const bind = text(values, 'bind');
    if (bind !== undefined) options.bind = bind;
    const set = await loadEmfSet(source.bytes, source.name, async (part) => {
      const bytes = source.resources[part];
      if (bytes) return bytes;
      throw new CodecError({ format: 'emf', kind: 'truncated', where: part, offset: 0, detail: 'the part is missing' });
    });
    const baked = emfToMrf(set, options);
    return {
      mrf: baked.mrf,
      warnings: baked.warnings,
      summary:
        `animation ${baked.animation.index} "${baked.animation.name}" bound by "${baked.bind.name}", ` +
        `${number(baked.startSeconds)}–${number(baked.endSeconds)} s, ${baked.mrf.keyframes.length} keyframes at ` +
        `${number(1 / baked.frameInterval)} fps, ${baked.mrf.uvs.length / 2} vertices`,
    };
  },
};

/** KF2 (and KFS/SKD): one mesh, skinned and animated. */
export const kf2CapeImporter: CapeImporter = {
  id: 'kf2',
  label: 'KF2',
  extensions: ['.kf2', '.kfs', '.skd'],
  options: [
    {
      key: 'mesh',
      label: 'Mesh',
      kind: 'text',
      placeholder: 'the first with polygons',
      hint: 'The mesh to bake: its node name or its index',
    },
    {
      key: 'animation',
      label: 'Animation',
      kind: 'text',
      placeholder: 'the first',
      hint: 'The animation to bake: “animation N” or N',
    },
    { key: 'fps', label: 'FPS', kind: 'number', placeholder: 'the file’s', hint: 'Keyframes per second of the cape' },
  ],
  async convert(source, values) {
    const options: Kf2ImportOptions = {};
    if (typeof values.fps === 'number') options.fps = values.fps;
    const mesh = text(values, 'mesh');
    if (mesh !== undefined) options.mesh = mesh;
    const animation = text(values, 'animation');
    if (animation !== undefined) options.animation = animation;
    const baked = kf2ToMrf(readKf2(source.bytes), options);
    return {
      mrf: baked.mrf,
      warnings: baked.warnings,
      summary:
        `mesh "${baked.mesh.name}", ${baked.animation?.name ?? 'no animation'}, ${number(baked.startSeconds)}–` +
        `${number(baked.endSeconds)} s, ${baked.mrf.keyframes.length} keyframes at ` +
        `${number(1 / baked.frameInterval)} fps, ${baked.mrf.uvs.length / 2} vertices`,
    };
  },
};
