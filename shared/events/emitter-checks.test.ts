/**
 * The document's validation reports an emitter's hostile values (the particle simulation caps them), in an MDX and
 * in an MDL document alike, and notes that Popcorn emitters are not simulated.
 */
import { describe, expect, it } from 'vitest';
import { printMdlModel } from '../model/mdl-model';
import { writeMdxModel } from '../model/mdx-model';
import { emitterModel, particleEmitter2, sequence, steppedTrack } from '../model/simulation/testing/emitter-models';
import { readModel, validateModel } from './index';

const hostile = emitterModel(
  {
    kind: 'PRE2',
    object: particleEmitter2({ emissionRate: 1e30, lifespan: -2, tracks: [steppedTrack('KP2E', [[0, Number.NaN]])] }),
  },
  [sequence('Stand', 0, 1000)],
);

describe('the emitter pass of a document’s validation', () => {
  it('reports hostile rates and lifespans of an MDX document', () => {
    const document = readModel(writeMdxModel(hostile), 'Hostile.mdx');
    const messages = validateModel(document)
      .filter((diagnostic) => diagnostic.code.startsWith('emitter.'))
      .map((diagnostic) => diagnostic.message);
    expect(messages).toEqual([
      'ParticleEmitter2 "Emitter" has emission rate 1e+30; the preview uses 100000.',
      'ParticleEmitter2 "Emitter" has emission rate NaN at frame 0 (KP2E); the preview uses 0.',
      'ParticleEmitter2 "Emitter" has lifespan -2; the preview uses 0.',
    ]);
  });

  it('reports them for an MDL document too', () => {
    const text = printMdlModel(hostile).bytes;
    const document = readModel(text, 'Hostile.mdl');
    expect(validateModel(document).filter((diagnostic) => diagnostic.code.startsWith('emitter.'))).toHaveLength(3);
  });

  it('reports nothing for an emitter within bounds', () => {
    const calm = emitterModel({ kind: 'PRE2', object: particleEmitter2() }, [sequence('Stand', 0, 1000)]);
    const document = readModel(writeMdxModel(calm), 'Calm.mdx');
    expect(validateModel(document).filter((diagnostic) => diagnostic.code.startsWith('emitter.'))).toEqual([]);
  });
});
