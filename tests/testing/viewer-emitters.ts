/**
 * mdx-m3-viewer's own emitter code (ParticleEmitter2, RibbonEmitter and their objects, its emitted-object updater)
 * run in Node over its parse of a model, for the fidelity test: its emitters read their tracks with its own sampler
 * (Sd) and emit and move particles as it does; their nodes are ours (one NodeTransforms both sides read), so the
 * comparison is of the emitters alone. Driven frame by frame as its model instance drives them: the frame moves
 * on, visible emitters update, then every emitted object.
 */
import { parsers } from 'mdx-m3-viewer';
import EmittedObjectUpdater from 'mdx-m3-viewer/dist/cjs/viewer/emittedobjectupdater';
import ParticleEmitter2 from 'mdx-m3-viewer/dist/cjs/viewer/handlers/mdx/particleemitter2';
import ParticleEmitter2Object from 'mdx-m3-viewer/dist/cjs/viewer/handlers/mdx/particleemitter2object';
import RibbonEmitter from 'mdx-m3-viewer/dist/cjs/viewer/handlers/mdx/ribbonemitter';
import RibbonEmitterObject from 'mdx-m3-viewer/dist/cjs/viewer/handlers/mdx/ribbonemitterobject';
import type { NodeTransforms } from '../../shared/model/index';
import type { EmitterState } from '../../shared/model/simulation/emitter-state';

/** The GL constants its filter-mode table reads. */
const GL = { SRC_ALPHA: 770, ONE_MINUS_SRC_ALPHA: 771, ONE: 1, ZERO: 0, SRC_COLOR: 768, DST_COLOR: 774 };

type ViewerParse = InstanceType<typeof parsers.mdlx.Model>;

interface ViewerEmitter {
  readonly state: EmitterState;
  readonly object: any;
  readonly emitter: any;
}

/** Its parse of `bytes`, or null when it refuses the file. */
export function viewerParse(bytes: Uint8Array): ViewerParse | null {
  try {
    const model = new parsers.mdlx.Model();
    model.load(bytes);
    return model;
  } catch {
    return null;
  }
}

/** mdx-m3-viewer's PRE2 and RIBB emitters of a model, paired with ours (in node order, kind by kind). */
export class ViewerEmitters {
  readonly emitters: ViewerEmitter[] = [];
  private readonly updater = new (EmittedObjectUpdater as any)();
  private readonly instance: any;
  private readonly visibility = new Float32Array(1);

  constructor(parse: ViewerParse, ours: readonly EmitterState[], nodes: NodeTransforms) {
    const model = {
      viewer: { gl: GL, load: () => Promise.resolve(null) },
      reforged: false,
      pivotPoints: parse.pivotPoints,
      sequences: parse.sequences,
      globalSequences: parse.globalSequences,
      textures: [],
      materials: parse.materials.map((material: any) => ({
        layers: material.layers.map((layer: any) => ({
          priorityPlane: material.priorityPlane,
          filterMode: layer.filterMode,
        })),
      })),
    };
    const viewerNodes = Array.from({ length: nodes.count }, (_, index) => ({
      pivot: nodes.pivots.subarray(index * 3, index * 3 + 3),
      worldMatrix: nodes.worldMatrices.subarray(index * 16, index * 16 + 16),
      worldRotation: nodes.worldRotations.subarray(index * 4, index * 4 + 4),
      worldScale: nodes.worldScales.subarray(index * 3, index * 3 + 3),
    }));
    this.instance = {
      nodes: viewerNodes,
      scene: { emittedObjectUpdater: this.updater },
      allowParticleSpawn: true,
      sequence: -1,
      frame: 0,
      counter: 0,
      timeScale: 1,
    };
    let particles2 = 0;
    let ribbons = 0;
    for (const state of ours) {
      if (state.kind === 'PRE2') {
        const object = new (ParticleEmitter2Object as any)(
          model,
          parse.particleEmitters2[particles2++],
          state.nodeIndex,
        );
        this.emitters.push({ state, object, emitter: new (ParticleEmitter2 as any)(this.instance, object) });
      } else if (state.kind === 'RIBB') {
        const object = new (RibbonEmitterObject as any)(model, parse.ribbonEmitters[ribbons++], state.nodeIndex);
        this.emitters.push({ state, object, emitter: new (RibbonEmitter as any)(this.instance, object) });
      }
    }
  }

  /** Empties every emitter and starts sequence `index` at `frameMs`. */
  start(index: number, frameMs: number): void {
    for (const { emitter } of this.emitters) {
      emitter.alive = 0;
      emitter.currentEmission = 0;
      emitter.lastEmissionKey = -1;
      emitter.first = null;
      emitter.last = null;
      for (const object of emitter.objects) {
        object.next = null;
        object.prev = null;
      }
    }
    this.updater.alive = 0;
    Object.assign(this.instance, { sequence: index, frame: frameMs, counter: 0, allowParticleSpawn: true });
  }

  /** One frame of `seconds` at `frameMs` (the nodes already at it): visible emitters emit, then every object moves. */
  step(frameMs: number, counterMs: number, seconds: number, spawn: boolean): void {
    Object.assign(this.instance, { frame: frameMs, counter: counterMs, allowParticleSpawn: spawn });
    for (const { object, emitter } of this.emitters) {
      object.getVisibility(this.visibility, this.instance.sequence, frameMs, counterMs);
      if (this.visibility[0]! > 0) emitter.update(seconds);
    }
    this.updater.update(seconds);
  }

  /** Live objects of emitter `index` (particles; a ribbon's edges). */
  alive(index: number): number {
    return this.emitters[index]!.emitter.alive;
  }

  /** Calls `visit(x, y, z)` for every live particle position (a ribbon: both ends of each edge) of emitter `index`. */
  forEachPoint(index: number, visit: (x: number, y: number, z: number) => void): void {
    const { state, emitter } = this.emitters[index]!;
    if (state.kind === 'PRE2') {
      for (let object = 0; object < emitter.alive; object += 1) {
        const location = emitter.objects[object].location;
        visit(location[0], location[1], location[2]);
      }
      return;
    }
    for (let edge = emitter.first; edge; edge = edge.next) {
      const vertices = edge.vertices;
      visit(vertices[0], vertices[1], vertices[2]);
      visit(vertices[3], vertices[4], vertices[5]);
    }
  }
}
