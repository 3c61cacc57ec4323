/**
 * The Khronos glTF validator (npm `gltf-validator`) over bytes in memory: the tests assert that
 * what Morf Studio writes has no errors. Node-side test support (the validator is a devDependency).
 */
import validator, { type ValidationMessage } from 'gltf-validator';

/** The validator's error messages for a GLB or `.gltf` (its resources by URI); empty when valid. */
export async function gltfValidationErrors(
  bytes: Uint8Array,
  resources: Readonly<Record<string, Uint8Array>> = {},
): Promise<ValidationMessage[]> {
  const report = await validator.validateBytes(bytes, {
    uri: 'cape.gltf',
    writeTimestamp: false,
    maxIssues: 0,
    externalResourceFunction: (uri) => {
      const found = resources[decodeURIComponent(uri)];
      return found ? Promise.resolve(found) : Promise.reject(new Error(`no resource ${uri}`));
    },
  });
  return report.issues.messages.filter((message) => message.severity === 0);
}
