/**
 * What a sound, splat, footprint, uber-splat or spawn object means, from the game's tables: the sound label, its
 * files, volume, pitch and distances; the splat texture, size, cells, blend mode and lifespan; the spawned model's
 * path — each with the table row it came from and the data source that held the table. An unknown code shows the
 * nearest known codes; missing or unreadable tables say which and why.
 */
import type { EventObject } from '../../../shared/events/document';
import { describeResolution, foundInText } from '../../../shared/game-tables/describe';
import type { EventMeaning } from '../../../shared/game-tables';
import { useEditor } from '../../ui/editor-context';
import { meaningOf } from '../../state/game-tables';
import { Panel, Row } from './fields';

const BLEND_MODES = ['Blend', 'Additive', 'Modulate', 'Modulate 2×', 'Alpha key'];

function seconds(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

function MeaningRows({ meaning }: { meaning: EventMeaning }) {
  switch (meaning.kind) {
    case 'sound':
      return (
        <>
          <Row label="Sound label">{meaning.label}</Row>
          <span className="prop-label">Files</span>
          <span className="prop-value wide-value" data-testid="meaning-files">
            {meaning.files.join(', ') || 'none'}
          </span>
          <Row label="Volume" hint="0–127, as the table stores it">
            {meaning.volume}
          </Row>
          <Row label="Pitch">
            {meaning.pitch}
            {meaning.pitchVariance ? ` ± ${meaning.pitchVariance}` : ''}
          </Row>
          <Row label="Distances" hint="Min, max and cut-off distance">
            {meaning.minDistance} / {meaning.maxDistance} / {meaning.distanceCutoff}
          </Row>
        </>
      );
    case 'spawn':
      return <Row label="Model">{meaning.modelPath}</Row>;
    default:
      return (
        <>
          <Row label="Texture">{meaning.texturePath}</Row>
          <Row label="Size" hint="The quad's side in model units (twice the table's Scale)">
            {meaning.scale * 2} × {meaning.scale * 2}
          </Row>
          {meaning.kind === 'splat' ? (
            <>
              <Row label="Cells">
                {meaning.columns} × {meaning.rows}
              </Row>
              <Row label="Lifespan">
                {seconds(meaning.lifespan)} + decay {seconds(meaning.decay)}
              </Row>
            </>
          ) : (
            <Row label="Lifespan">
              {seconds(meaning.birthTime)} + {seconds(meaning.pauseTime)} + {seconds(meaning.decay)}
            </Row>
          )}
          <Row label="Blend">{BLEND_MODES[meaning.blendMode] ?? `mode ${meaning.blendMode}`}</Row>
        </>
      );
  }
}

/** The meaning panel of an event object (nothing for links and other names). */
export function EventMeaningProperties({ object }: { object: EventObject }) {
  const tables = useEditor((state) => state.gameTables);
  const resolution = meaningOf(tables, object);
  if (!resolution || resolution.status === 'not-a-table-event') return null;
  return (
    <Panel title="Meaning" icon="info" testId="event-meaning">
      {resolution.status === 'resolved' ? (
        <>
          <MeaningRows meaning={resolution.meaning} />
          <span className="prop-label">Found in</span>
          <span className="prop-value wide-value" data-testid="meaning-found-in">
            {resolution.meaning.foundIn.map(foundInText).join('; ')}
          </span>
        </>
      ) : (
        <span className={`wide meaning-problem ${resolution.status}`} data-testid="meaning-problem">
          {describeResolution(resolution)}
        </span>
      )}
    </Panel>
  );
}
