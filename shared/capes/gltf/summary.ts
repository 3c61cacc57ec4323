/**
 * What a glTF holds, for `morf inspect`, and whether it can become a cape: the meshes, skins and
 * animations, and findings — a file that reads but cannot make a cape (no animation, too many
 * vertices, several textures) is an error finding, the importer's warnings are warnings.
 */
import { isCodecError } from '../../binary/codec-error';
import type { Diagnostic } from '../../diagnostics';
import { trackTimeRange, type KeyframeTrack } from '../interpolation';
import { gltfCapeSource } from './import';
import { floats, textureLabel } from './mesh';
import type { GltfFile } from './read';

/** Diagnostic codes of the cape findings. */
export const GLTF_DIAGNOSTIC = {
  cape: 'gltf.cape',
  notACape: 'gltf.not-a-cape',
  capeWarning: 'gltf.cape-warning',
} as const;

/** The glTF's contents, JSON-ready. */
export function gltfSummary(file: GltfFile) {
  const root = file.document.getRoot();
  return {
    container: file.kind,
    generator: root.getAsset().generator ?? null,
    scenes: root.listScenes().length,
    nodes: root.listNodes().length,
    meshes: root.listMeshes().map((mesh) => ({
      name: mesh.getName(),
      primitives: mesh.listPrimitives().length,
      vertexCount: mesh
        .listPrimitives()
        .reduce((sum, primitive) => sum + (primitive.getAttribute('POSITION')?.getCount() ?? 0), 0),
      morphTargets: mesh.listPrimitives()[0]?.listTargets().length ?? 0,
    })),
    skins: root.listSkins().map((skin) => ({ name: skin.getName(), joints: skin.listJoints().length })),
    animations: root.listAnimations().map((animation) => {
      const tracks: KeyframeTrack[] = animation.listSamplers().map((sampler) => ({
        times: floats(sampler.getInput()!),
        values: new Float32Array(0),
        components: 0,
        interpolation: sampler.getInterpolation(),
        quaternion: false,
      }));
      const [startSeconds, endSeconds] = trackTimeRange(tracks);
      return { name: animation.getName(), channels: animation.listChannels().length, startSeconds, endSeconds };
    }),
    textures: root.listTextures().map((texture) => textureLabel(texture)),
  };
}

/**
 * Whether the file can make a cape with the default options: the unusable's reason as an error,
 * the importer's warnings as warnings. A file whose data is broken (an index past the vertices)
 * throws its CodecError, as reading it would.
 */
export function gltfCapeDiagnostics(file: GltfFile): Diagnostic[] {
  try {
    const { source, warnings } = gltfCapeSource(file);
    return [
      {
        severity: 'info',
        code: GLTF_DIAGNOSTIC.cape,
        message: `makes a cape of ${source.vertexCount} vertices and ${source.faces.length / 3} faces`,
      },
      ...warnings.map((message): Diagnostic => ({ severity: 'warning', code: GLTF_DIAGNOSTIC.capeWarning, message })),
    ];
  } catch (error) {
    if (!isCodecError(error) || (error.kind !== 'unsupported' && error.kind !== 'limit')) throw error;
    return [{ severity: 'error', code: GLTF_DIAGNOSTIC.notACape, message: error.detail, where: error.where }];
  }
}
