/**
 * Blender's view navigation, Z up (like Blender and Warcraft III): a turntable orbit around a
 * target (yaw about Z, pitch above the horizon), pan in the view plane, dolly zoom, the numpad
 * views (1 front looks along +Y, 3 right along −X, 7 top down −Z; Ctrl for the opposite side),
 * orthographic toggle (numpad 5; numpad views switch to orthographic and orbiting back, as with
 * Blender's Auto Perspective) and framing bounds (keeping the view direction, as Blender's View
 * All / View Selected do). A newly opened file is first turned to face its capes' broad side:
 * `viewAnglesForNormal` picks a 3/4 view from the side their normals point to.
 * Drives a perspective and an orthographic camera.
 */
import { type Camera, Matrix4, OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import type { FreeView, ViewAxis } from '../../state/area-commands';
import { clipPlanes, DEFAULT_VIEW, framedTarget, VIEW_FOV_DEGREES } from './view-math';

export { DEFAULT_VIEW } from './view-math';

const DEGREE = Math.PI / 180;
const MAX_PITCH = 90 * DEGREE;

/** The views of the numpad: yaw and pitch of the direction from the target to the camera. */
const AXIS_VIEWS: Record<ViewAxis, { yaw: number; pitch: number; label: string }> = {
  front: { yaw: -90 * DEGREE, pitch: 0, label: 'Front' },
  back: { yaw: 90 * DEGREE, pitch: 0, label: 'Back' },
  right: { yaw: 0, pitch: 0, label: 'Right' },
  left: { yaw: 180 * DEGREE, pitch: 0, label: 'Left' },
  top: { yaw: -90 * DEGREE, pitch: MAX_PITCH, label: 'Top' },
  bottom: { yaw: -90 * DEGREE, pitch: -MAX_PITCH, label: 'Bottom' },
};

/** How far round from the capes' normal a newly opened file is seen: a 3/4 view. */
export const THREE_QUARTER_YAW = 35 * DEGREE;
/** Pitch limits for that first view: a little from above, never edge-on from the top. */
const FACING_PITCH_MIN = 12 * DEGREE;
const FACING_PITCH_MAX = 35 * DEGREE;

/**
 * The yaw and pitch (of the direction from the target to the camera) that show a surface whose
 * average normal is (x, y, z) from its normal's side, turned 35° round it (a 3/4 view), a little
 * from above. A normal with no clear horizontal direction (a flat or folded cape) gives the default view.
 */
export function viewAnglesForNormal(x: number, y: number, z: number): { yaw: number; pitch: number } {
  const length = Math.hypot(x, y, z);
  const horizontal = Math.hypot(x, y);
  if (!(length > 1e-6) || horizontal < length * 0.2) return { ...DEFAULT_VIEW };
  const yaw = Math.atan2(y, x) + THREE_QUARTER_YAW;
  const elevation = Math.asin(Math.max(-1, Math.min(1, z / length)));
  return {
    yaw: Math.atan2(Math.sin(yaw), Math.cos(yaw)),
    pitch: Math.max(FACING_PITCH_MIN, Math.min(FACING_PITCH_MAX, elevation)),
  };
}

/** Where the grid overlay is drawn: the floor, or a backdrop in the X/Z or Y/Z plane. */
export type GridPlane = 'floor' | 'xz' | 'yz';

/** The grid's plane for a view: the floor, except in the orthographic side views where it is seen edge-on. */
export function gridPlaneFor(orthographic: boolean, axis: ViewAxis | null): GridPlane {
  if (!orthographic) return 'floor';
  if (axis === 'front' || axis === 'back') return 'xz';
  if (axis === 'left' || axis === 'right') return 'yz';
  return 'floor';
}

/** The camera's state, as plain numbers. */
export interface ViewState {
  target: Vector3;
  distance: number;
  yaw: number;
  pitch: number;
  orthographic: boolean;
  /** The numpad view last chosen, until the user orbits. */
  axis: ViewAxis | null;
}

/** The views of the editors, one per owner (the editor's store), kept while the viewport is not mounted. */
const navigators = new WeakMap<object, ViewNavigator>();

/**
 * The 3D view of an editor: the same navigator every time its viewport mounts, so maximising an area (Ctrl+Space)
 * or showing another area alone and back keeps the view as the user left it (Top Orthographic stays Top
 * Orthographic), as Blender keeps a 3D view's region data.
 */
export function viewNavigatorOf(owner: object): ViewNavigator {
  let navigator = navigators.get(owner);
  if (!navigator) navigators.set(owner, (navigator = new ViewNavigator()));
  return navigator;
}

/** Navigation state and the two cameras it drives. */
export class ViewNavigator {
  readonly perspective = new PerspectiveCamera(VIEW_FOV_DEGREES, 1, 0.1, 100_000);
  readonly orthographic = new OrthographicCamera(-1, 1, 1, -1, -100_000, 100_000);
  private readonly cameras = [this.perspective, this.orthographic] as const;
  readonly state: ViewState = {
    target: new Vector3(0, 0, 60),
    distance: 300,
    yaw: DEFAULT_VIEW.yaw,
    pitch: DEFAULT_VIEW.pitch,
    orthographic: false,
    axis: null,
  };
  /** Orthographic because a numpad view asked for it (orbiting returns to perspective). */
  private autoOrthographic = false;
  /** Whether the view has been framed on a file yet (a viewport mounted again keeps its view instead). */
  framed = false;
  private aspect = 1;
  private readonly basis = new Matrix4();
  private readonly right = new Vector3();
  private readonly up = new Vector3();
  private readonly back = new Vector3();

  constructor() {
    this.perspective.up.set(0, 0, 1);
    this.orthographic.up.set(0, 0, 1);
    this.apply();
  }

  /** The camera to render with. */
  get camera(): Camera {
    return this.state.orthographic ? this.orthographic : this.perspective;
  }

  /** The unit direction the camera looks along (kept up to date by `apply`; do not modify). */
  get forward(): Vector3 {
    return this.forwardVector;
  }
  private readonly forwardVector = new Vector3();

  /** A name for the overlay: "User Perspective", "Front Orthographic" (the same string until the view changes). */
  get viewName(): string {
    const axis = this.state.axis ? AXIS_VIEWS[this.state.axis].label : 'User';
    const projection = this.state.orthographic ? 'Orthographic' : 'Perspective';
    if (this.lastViewName.axis !== axis || this.lastViewName.projection !== projection)
      this.lastViewName = { axis, projection, name: `${axis} ${projection}` };
    return this.lastViewName.name;
  }
  private lastViewName = { axis: '', projection: '', name: '' };

  /** The view as plain numbers. */
  view(): FreeView {
    const { target, distance, yaw, pitch, orthographic, axis } = this.state;
    return { target: [target.x, target.y, target.z], distance, yaw, pitch, orthographic, axis };
  }

  /** Looks the way `view` says (another viewport's, or a render's copy of it). */
  setView(view: FreeView): void {
    this.state.target.set(view.target[0], view.target[1], view.target[2]);
    this.state.distance = view.distance;
    this.state.yaw = view.yaw;
    this.state.pitch = view.pitch;
    this.state.orthographic = view.orthographic;
    this.state.axis = view.axis;
    this.autoOrthographic = false;
    this.apply();
  }

  /** Sets the viewport's aspect ratio. */
  setAspect(aspect: number): void {
    this.aspect = Math.max(1e-3, aspect);
    this.apply();
  }

  /** Recomputes both cameras from the state. Allocates nothing. */
  apply(): void {
    const { target, distance, yaw, pitch } = this.state;
    const cosPitch = Math.cos(pitch);
    this.back.set(cosPitch * Math.cos(yaw), cosPitch * Math.sin(yaw), Math.sin(pitch));
    this.right.set(-Math.sin(yaw), Math.cos(yaw), 0);
    this.up.crossVectors(this.back, this.right);
    this.forwardVector.copy(this.back).negate();
    this.basis.makeBasis(this.right, this.up, this.back);
    for (const camera of this.cameras) {
      camera.position.copy(this.back).multiplyScalar(distance).add(target);
      camera.quaternion.setFromRotationMatrix(this.basis);
    }
    this.perspective.aspect = this.aspect;
    const planes = clipPlanes(distance);
    this.perspective.near = planes.near;
    this.perspective.far = planes.far;
    this.perspective.updateProjectionMatrix();
    const halfHeight = distance * Math.tan((this.perspective.fov * DEGREE) / 2);
    this.orthographic.top = halfHeight;
    this.orthographic.bottom = -halfHeight;
    this.orthographic.left = -halfHeight * this.aspect;
    this.orthographic.right = halfHeight * this.aspect;
    this.orthographic.near = -distance * 1000;
    this.orthographic.far = distance * 1000;
    this.orthographic.updateProjectionMatrix();
    for (const camera of this.cameras) camera.updateMatrixWorld();
  }

  /** Middle-drag: turntable orbit by a pointer delta in pixels. */
  orbit(deltaX: number, deltaY: number): void {
    this.state.yaw -= deltaX * 0.008;
    this.state.pitch = Math.max(-MAX_PITCH, Math.min(MAX_PITCH, this.state.pitch + deltaY * 0.008));
    this.leaveAxis();
    this.apply();
  }

  /** Numpad 4/6/8/2: orbit by 15°. */
  orbitStep(direction: 'left' | 'right' | 'up' | 'down'): void {
    const step = 15 * DEGREE;
    if (direction === 'left') this.state.yaw += step;
    else if (direction === 'right') this.state.yaw -= step;
    else
      this.state.pitch = Math.max(
        -MAX_PITCH,
        Math.min(MAX_PITCH, this.state.pitch + (direction === 'up' ? -step : step)),
      );
    this.leaveAxis();
    this.apply();
  }

  private leaveAxis(): void {
    this.state.axis = null;
    if (this.autoOrthographic) {
      this.state.orthographic = false;
      this.autoOrthographic = false;
    }
  }

  /** Shift+middle-drag: moves the target in the view plane so the scene follows the pointer. */
  pan(deltaX: number, deltaY: number, viewportHeight: number): void {
    const worldPerPixel =
      (2 * this.state.distance * Math.tan((this.perspective.fov * DEGREE) / 2)) / Math.max(1, viewportHeight);
    this.state.target
      .addScaledVector(this.right, -deltaX * worldPerPixel)
      .addScaledVector(this.up, deltaY * worldPerPixel);
    this.apply();
  }

  /** Wheel / Ctrl+middle: zooms by a factor (> 1 zooms in). */
  zoom(factor: number): void {
    this.state.distance = Math.min(1e6, Math.max(1e-3, this.state.distance / factor));
    this.apply();
  }

  /** Numpad 1/3/7 (Ctrl for the opposite side): looks along an axis, orthographic. */
  viewAxis(axis: ViewAxis): void {
    const view = AXIS_VIEWS[axis];
    this.state.yaw = view.yaw;
    this.state.pitch = view.pitch;
    this.state.axis = axis;
    if (!this.state.orthographic) {
      this.state.orthographic = true;
      this.autoOrthographic = true;
    }
    this.apply();
  }

  /** Numpad 5. */
  toggleOrthographic(): void {
    this.state.orthographic = !this.state.orthographic;
    this.autoOrthographic = false;
    this.apply();
  }

  /**
   * Turns the view to face a surface whose average normal is (x, y, z) (see
   * `viewAnglesForNormal`), in perspective. Used when a file is opened, before `frame`.
   */
  faceNormal(x: number, y: number, z: number): void {
    const angles = viewAnglesForNormal(x, y, z);
    this.state.yaw = angles.yaw;
    this.state.pitch = angles.pitch;
    this.state.axis = null;
    this.state.orthographic = false;
    this.autoOrthographic = false;
    this.apply();
  }

  /** Home / numpad .: fits a bounding box [minX, minY, minZ, maxX, maxY, maxZ] into the view. */
  frame(bounds: ArrayLike<number>): void {
    const framed = framedTarget(bounds, this.aspect);
    if (!framed) return;
    this.state.target.set(...framed.target);
    this.state.distance = framed.distance;
    this.apply();
  }
}
