/**
 * Blender's grid overlay: the floor (z = 0) with the red X and green Y axis lines, drawn by one
 * shader on a plane that follows the camera, so it is visible whatever the view is framed on.
 *
 *  - Spacing follows the screen, as in Blender: powers of ten, each level fading in as its cells
 *    grow past a few pixels and strengthening as they grow further, so zooming never pops and
 *    distant parts of the floor (at grazing angles) get coarser lines instead of moiré.
 *  - The floor fades out with the distance from the camera, scaled by the view distance.
 *  - In the orthographic side views (numpad 1/3 and Ctrl), where the floor is seen edge-on, the
 *    grid is drawn in the view plane behind the scene instead (X/Z or Y/Z with their axis lines).
 *
 * Per frame it only copies numbers into the preallocated uniforms and the mesh transform.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { Color, type Mesh, PlaneGeometry, ShaderMaterial, Vector3 } from 'three';
import { type ViewNavigator, gridPlaneFor } from './view-navigator';

/** Axis colours, Blender's theme. */
export const AXIS_COLOURS = { x: '#ff3352', y: '#8bdc00', z: '#2890ff' } as const;

const vertexShader = /* glsl */ `
varying vec3 vWorld;
void main() {
  vec4 world = modelMatrix * vec4(position, 1.0);
  vWorld = world.xyz;
  gl_Position = projectionMatrix * viewMatrix * world;
}
`;

const fragmentShader = /* glsl */ `
uniform vec3 axisU;
uniform vec3 axisV;
uniform vec3 lineColour;
uniform vec3 colourU;
uniform vec3 colourV;
uniform float gridOpacity;
uniform float axesOpacity;
uniform vec3 fadeCentre;
uniform float fadeRadius;
varying vec3 vWorld;

// Coverage of the lines of a square grid of unit spacing at coord (about 'width' pixels wide).
float gridLines(vec2 coord, float width) {
  vec2 derivative = max(fwidth(coord), vec2(1e-6));
  vec2 distance = abs(fract(coord - 0.5) - 0.5) / derivative;
  float line = min(distance.x, distance.y);
  return 1.0 - smoothstep(width * 0.5 - 0.5, width * 0.5 + 0.5, line);
}

// Strength of a level whose cells are 10^x times the smallest legible cell.
float levelStrength(float x) {
  return 0.28 * clamp(x, 0.0, 1.0) + 0.3 * clamp(x - 1.0, 0.0, 1.0) + 0.2 * clamp(x - 2.0, 0.0, 1.0);
}

void main() {
  vec2 p = vec2(dot(vWorld, axisU), dot(vWorld, axisV));
  vec2 footprint = max(fwidth(p), vec2(1e-6));
  // World units per pixel, the larger direction; the smallest legible cell is 10 pixels.
  float lod = log(max(footprint.x, footprint.y) * 10.0) / log(10.0);
  float first = ceil(lod);
  float grid = 0.0;
  for (int level = 0; level < 3; level++) {
    float exponent = first + float(level);
    float spacing = pow(10.0, exponent);
    grid = max(grid, gridLines(p / spacing, 1.0) * levelStrength(exponent - lod));
  }
  grid *= gridOpacity;
  float lineU = (1.0 - smoothstep(0.6, 1.6, abs(p.y) / footprint.y)) * axesOpacity;
  float lineV = (1.0 - smoothstep(0.6, 1.6, abs(p.x) / footprint.x)) * axesOpacity;
  vec3 colour = lineColour;
  float alpha = grid;
  colour = mix(colour, colourU, lineU);
  alpha = max(alpha, lineU * 0.75);
  colour = mix(colour, colourV, lineV);
  alpha = max(alpha, lineV * 0.75);
  alpha *= 1.0 - smoothstep(fadeRadius * 0.35, fadeRadius, distance(vWorld, fadeCentre));
  if (alpha < 0.004) discard;
  gl_FragColor = vec4(colour, alpha);
  #include <colorspace_fragment>
}
`;

const AXIS_X = new Color(AXIS_COLOURS.x);
const AXIS_Y = new Color(AXIS_COLOURS.y);
const AXIS_Z = new Color(AXIS_COLOURS.z);
const X = new Vector3(1, 0, 0);
const Y = new Vector3(0, 1, 0);
const Z = new Vector3(0, 0, 1);

/** Props: the navigator whose view the grid follows and which overlays are on. */
export interface GridFloorProps {
  navigator: ViewNavigator;
  grid: boolean;
  axes: boolean;
}

/** The grid overlay. */
export function GridFloor({ navigator, grid, axes }: GridFloorProps) {
  const geometry = useMemo(() => new PlaneGeometry(2, 2), []);
  const material = useMemo(
    () =>
      new ShaderMaterial({
        vertexShader,
        fragmentShader,
        transparent: true,
        depthWrite: false,
        toneMapped: false,
        uniforms: {
          axisU: { value: X.clone() },
          axisV: { value: Y.clone() },
          lineColour: { value: new Color('#8a8a8a') },
          colourU: { value: AXIS_X.clone() },
          colourV: { value: AXIS_Y.clone() },
          gridOpacity: { value: 1 },
          axesOpacity: { value: 1 },
          fadeCentre: { value: new Vector3() },
          fadeRadius: { value: 1000 },
        },
      }),
    [],
  );
  useEffect(
    () => () => {
      geometry.dispose();
      material.dispose();
    },
    [geometry, material],
  );
  const mesh = useRef<Mesh>(null);

  useFrame(() => {
    const target = mesh.current;
    if (!target) return;
    const { state } = navigator;
    const camera = navigator.camera;
    const uniforms = material.uniforms;
    uniforms.gridOpacity!.value = grid ? 1 : 0;
    uniforms.axesOpacity!.value = axes ? 1 : 0;
    const plane = gridPlaneFor(state.orthographic, state.axis);
    if (plane === 'floor') {
      // A disc of floor around the camera, large enough to reach the fade-out.
      const radius = state.distance * 8 + Math.abs(camera.position.z);
      target.position.set(camera.position.x, camera.position.y, 0);
      target.rotation.set(0, 0, 0);
      target.scale.setScalar(radius);
      (uniforms.axisU!.value as Vector3).copy(X);
      (uniforms.axisV!.value as Vector3).copy(Y);
      (uniforms.colourU!.value as Color).copy(AXIS_X);
      (uniforms.colourV!.value as Color).copy(AXIS_Y);
      (uniforms.fadeCentre!.value as Vector3).copy(camera.position);
      uniforms.fadeRadius!.value = radius;
    } else {
      // Behind everything along the view direction, covering the whole view.
      const far = state.distance * 500;
      target.position.copy(camera.position).addScaledVector(navigator.forward, far + state.distance);
      if (plane === 'xz') target.rotation.set(Math.PI / 2, 0, 0);
      else target.rotation.set(0, Math.PI / 2, 0);
      target.scale.setScalar(state.distance * 20);
      (uniforms.axisU!.value as Vector3).copy(plane === 'xz' ? X : Y);
      (uniforms.axisV!.value as Vector3).copy(Z);
      (uniforms.colourU!.value as Color).copy(plane === 'xz' ? AXIS_X : AXIS_Y);
      (uniforms.colourV!.value as Color).copy(AXIS_Z);
      (uniforms.fadeCentre!.value as Vector3).copy(target.position);
      uniforms.fadeRadius!.value = 1e30;
    }
    target.visible = grid || axes;
  });

  return <mesh ref={mesh} geometry={geometry} material={material} frustumCulled={false} renderOrder={-1} />;
}
