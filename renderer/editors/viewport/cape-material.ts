/**
 * The cape's material: studio lighting in the spirit of Blender's solid and material-preview
 * shading, so both sides of the cloth read whatever the view.
 *
 *  - Lights are fixed to the view (as Blender's studio lights): a key light from the upper left,
 *    a weaker fill from the right, and a hemisphere ambient (sky above, ground below, in world Z)
 *    that keeps the unlit side legible. A faint specular highlight on the key shows the folds.
 *  - Two-sided: capes are seen from both sides, so the MRF vertex normal is flipped wherever it
 *    points away from the viewer. Which side faces the viewer comes from the triangle itself
 *    (screen-space derivatives of the position), not from the winding order, so a file wound
 *    either way shades the same; the MRF normals still drive the shading inside each face.
 *  - Opaque: MRF textures come prepared with MRF_PREPARATION (transparent texels already black),
 *    so the texture's colour is used as is and alpha is ignored, as the game draws capes.
 *
 * Everything is computed in the shaders from the camera's matrices: nothing is updated per frame.
 */
import { Color, DoubleSide, Matrix3, ShaderMaterial, type Texture, Vector3 } from 'three';

/** Light levels (linear) and directions (view space, x right, y up, z towards the viewer). */
export const CAPE_LIGHTING = {
  key: 0.62,
  fill: 0.24,
  sky: 0.36,
  ground: 0.14,
  specular: 0.04,
} as const;

const vertexShader = /* glsl */ `
varying vec3 vViewPosition;
varying vec3 vViewNormal;
varying vec2 vUv;
uniform mat3 mapTransform;

void main() {
  vec4 viewPosition = modelViewMatrix * vec4(position, 1.0);
  vViewPosition = viewPosition.xyz;
  vViewNormal = normalMatrix * normal;
  vUv = (mapTransform * vec3(uv, 1.0)).xy;
  gl_Position = projectionMatrix * viewPosition;
}
`;

const fragmentShader = /* glsl */ `
uniform vec3 baseColour;
uniform sampler2D map;
uniform bool useMap;
uniform vec3 keyDirection;
uniform vec3 fillDirection;
uniform float keyLevel;
uniform float fillLevel;
uniform float skyLevel;
uniform float groundLevel;
uniform float specularLevel;
varying vec3 vViewPosition;
varying vec3 vViewNormal;
varying vec2 vUv;

void main() {
  vec3 toViewer = isOrthographic ? vec3(0.0, 0.0, 1.0) : normalize(-vViewPosition);
  // The face's own normal, turned towards the viewer.
  vec3 face = normalize(cross(dFdx(vViewPosition), dFdy(vViewPosition)));
  if (dot(face, toViewer) < 0.0) face = -face;
  // The file's smooth normal on the side being looked at (two-sided lighting).
  float length2 = dot(vViewNormal, vViewNormal);
  vec3 normal = length2 > 1e-8 ? vViewNormal * inversesqrt(length2) : face;
  if (dot(normal, face) < 0.0) normal = -normal;

  vec3 up = normalize(mat3(viewMatrix) * vec3(0.0, 0.0, 1.0));
  float hemisphere = dot(normal, up) * 0.5 + 0.5;
  float ambient = mix(groundLevel, skyLevel, hemisphere);
  // Slightly wrapped diffuse terms: soft like a studio light, no hard terminator.
  float key = max((dot(normal, keyDirection) + 0.15) / 1.15, 0.0);
  float fill = max((dot(normal, fillDirection) + 0.3) / 1.3, 0.0);
  float light = ambient + keyLevel * key + fillLevel * fill;
  vec3 halfway = normalize(keyDirection + toViewer);
  float specular = specularLevel * pow(max(dot(normal, halfway), 0.0), 24.0);

  vec3 albedo = useMap ? texture2D(map, vUv).rgb : baseColour;
  gl_FragColor = vec4(albedo * light + vec3(specular), 1.0);
  #include <colorspace_fragment>
}
`;

/** The uniforms a cape material exposes (changed when the shading or the texture changes). */
export interface CapeMaterialUniforms {
  baseColour: { value: Color };
  map: { value: Texture | null };
  useMap: { value: boolean };
  mapTransform: { value: Matrix3 };
  [name: string]: { value: unknown };
}

/** A new cape material: textured when `map` is given, else the solid grey of Blender's solid mode. */
export function createCapeMaterial(): ShaderMaterial & { uniforms: CapeMaterialUniforms } {
  const material = new ShaderMaterial({
    vertexShader,
    fragmentShader,
    side: DoubleSide,
    toneMapped: false,
    uniforms: {
      baseColour: { value: new Color('#c8c8c8') },
      map: { value: null },
      useMap: { value: false },
      mapTransform: { value: new Matrix3() },
      keyDirection: { value: new Vector3(-0.45, 0.55, 0.7).normalize() },
      fillDirection: { value: new Vector3(0.7, -0.1, 0.45).normalize() },
      keyLevel: { value: CAPE_LIGHTING.key },
      fillLevel: { value: CAPE_LIGHTING.fill },
      skyLevel: { value: CAPE_LIGHTING.sky },
      groundLevel: { value: CAPE_LIGHTING.ground },
      specularLevel: { value: CAPE_LIGHTING.specular },
    },
  });
  material.name = 'cape';
  return material as ShaderMaterial & { uniforms: CapeMaterialUniforms };
}

/** Points a cape material at a texture (null: solid grey). Updates the texture's UV transform. */
export function setCapeMaterialTexture(
  material: ShaderMaterial & { uniforms: CapeMaterialUniforms },
  texture: Texture | null,
): void {
  material.uniforms.useMap.value = texture !== null;
  material.uniforms.map.value = texture;
  if (texture) {
    if (texture.matrixAutoUpdate) texture.updateMatrix();
    material.uniforms.mapTransform.value.copy(texture.matrix);
  } else {
    material.uniforms.mapTransform.value.identity();
  }
}
