/**
 * The model-based test of the editor (issue 21; editor-model.test.ts says what it does) on six corpus models, MDX and
 * MDL: a Footman portrait with a lone cape link (its cape beside the sample's), effects with sounds and splats, a
 * horse with Attack sequences, two hair models in MDL. Skipped, saying why, when ../shared is absent.
 */
import { describe } from 'vitest';
import { describeCorpus, modelCorpus } from '../testing/corpus';
import { describeModel, reportFigures, sequencesPerModel } from './model-suite';

const CLOTH =
  'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__doodads__cinematic__arthasillidanfight__arthascapeCLOTH.mrf';

const CORPUS: readonly { path: string; capes?: { name: string; path: string }[] }[] = [
  {
    path: 'wiselencave__Warcraft_MRF_Blender/test__MRF_126.w3m__units__human__Footman__Footman_portrait.mdx',
    capes: [{ name: 'arthascapecloth.mrf', path: CLOTH }],
  },
  { path: 'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__BlackBlink.mdx' },
  { path: 'dbz-tribute-reforged__dbz-tribute-reforged/maps__Tribute_Reforged.w3x__MortarMissilePurple.mdx' },
  { path: 'Retera__ReterasModelStudio/MDXLib__PackHorse.mdx' },
  { path: 'Retera__ReterasModelStudio/HayatesCharacterEngine__mesh__gear__hair__acolyte_hood.mdl' },
  { path: 'Retera__ReterasModelStudio/HayatesCharacterEngine__mesh__gear__hair__sasquatch_horns.mdl' },
];

const runs = sequencesPerModel(0.5, CORPUS.length);

describeCorpus(modelCorpus, 'the editor under random use, on corpus models (issue 21)', () => {
  for (const model of CORPUS)
    describe(model.path, () =>
      describeModel(
        () => ({
          label: model.path,
          name: model.path.split('__').pop()!,
          bytes: modelCorpus.bytes(model.path),
          capes: model.capes?.map((cape) => ({ name: cape.name, bytes: modelCorpus.bytes(cape.path) })),
        }),
        runs,
      ),
    );
  reportFigures('editor model, corpus models');
});
