/**
 * The Properties sidebar (N): what the active item is — a link (ID, resolved path, the cape's
 * statistics, locate/open), an event object, a key, a sequence, a global sequence, the standalone
 * cape — or, with nothing active, the file.
 */
import type { ModelDocument, MrfLink } from '../../../shared/events/document';
import { useApp, useEditor } from '../../ui/editor-context';
import { type CapeEntry, capeKey } from '../../capes/cape-entry';
import { currentDocument } from '../../state/editor-store';
import { findLink } from '../../../shared/events/links';
import { renameLink } from '../../state/outliner-actions';
import { Area } from '../layout/Area';
import { Panel, Row, TextField, formatNumber } from './fields';
import { CapeProperties } from './CapeProperties';
import { KeyProperties, ObjectProperties } from './ObjectProperties';
import { EventMeaningProperties } from './EventMeaningProperties';

function TextureRows({ texturePath }: { texturePath: string }) {
  const texture = useEditor((state) => state.textures[texturePath.toLowerCase()]);
  return (
    <>
      <Row label="Texture">
        <span className="path">{texturePath || '(empty)'}</span>
      </Row>
      <Row label="Texture state">{texture ? texture.status : 'not requested'}</Row>
      {texture?.status === 'ready' ? <Row label="Size">{`${texture.width} × ${texture.height}`}</Row> : null}
      {texture?.reason ? (
        <span className="wide reason" data-testid="texture-reason">
          Checker pattern shown: {texture.reason}
        </span>
      ) : null}
    </>
  );
}

/** The statistics of a cape file. */
export function CapePanel({ entry, title }: { entry: CapeEntry; title: string }) {
  const { files, store } = useApp();
  const runtime = useEditor((state) => state.runtime);
  const statistics = entry.cape?.statistics;
  return (
    <Panel title={title} icon="cape" testId="cape-properties">
      <Row label="Game path">
        <span className="path">{entry.gamePath}</span>
      </Row>
      <Row label="State">
        <span className={`status-badge ${entry.status}`}>{entry.status}</span>
      </Row>
      {entry.resolvedPath ? (
        <Row label="Resolved" hint={entry.resolvedPath}>
          <span className="path">{entry.resolvedPath}</span>
        </Row>
      ) : null}
      {entry.reason ? <span className="wide reason">{entry.reason}</span> : null}
      {statistics ? (
        <>
          <Row label="Vertices">{statistics.vertexCount.toLocaleString()}</Row>
          <Row label="Faces">{statistics.faceCount.toLocaleString()}</Row>
          <Row label="Keyframes">{statistics.keyframeCount.toLocaleString()}</Row>
          <Row label="Interval">
            {`${formatNumber(statistics.frameInterval, 5)} s ` +
              `(${statistics.frameInterval > 0 ? formatNumber(1 / statistics.frameInterval, 2) : '—'} fps)`}
          </Row>
          <Row label="Duration">{`${formatNumber(statistics.durationSeconds, 3)} s`}</Row>
          <Row label="Initial time">{`${formatNumber(statistics.initialTime, 3)} s`}</Row>
          <Row label="Moves">
            {statistics.timing.rendered
              ? `${formatNumber(statistics.timing.moveStartSeconds, 3)}–` +
                `${formatNumber(statistics.timing.moveEndSeconds, 3)} s after show`
              : 'not rendered (interval 0)'}
          </Row>
          <TextureRows texturePath={statistics.texturePath} />
        </>
      ) : null}
      <div className="wide" style={{ display: 'flex', gap: 4, marginTop: 4 }}>
        {entry.resolvedPath && runtime.nativeDialogs ? (
          <button
            className="button"
            data-hint="Show the file in the system's file manager"
            onClick={() => store.services.host?.revealPath({ path: entry.resolvedPath! }).catch(() => undefined)}
          >
            Locate
          </button>
        ) : null}
        {entry.resolvedPath && title !== 'Cape' ? (
          <button
            className="button"
            data-hint="Open this cape on its own (its keyframes on the timeline)"
            onClick={() => void files.openPath(entry.resolvedPath!)}
          >
            Open Cape
          </button>
        ) : null}
        {title !== 'Cape' ? (
          <button
            className="button"
            data-hint="Resolve the file through the data folders again"
            onClick={() => void files.dataFolders.reloadCapes()}
          >
            Reload
          </button>
        ) : null}
      </div>
    </Panel>
  );
}

function LinkProperties({ document, link }: { document: ModelDocument; link: MrfLink }) {
  const { store } = useApp();
  const entry = useEditor((state) => state.capes[capeKey(link.path)]);
  const show = link.showIndex === null ? null : document.eventObjects[link.showIndex];
  const hide = link.hideIndex === null ? null : document.eventObjects[link.hideIndex];
  return (
    <>
      <Panel title={`Link ${link.id}`} icon="link" testId="link-properties">
        <span className="prop-label">ID</span>
        <TextField
          value={link.id}
          testId="link-id-field"
          hint="Rename the link: both MRFx and MRDx objects change"
          validate={(value) =>
            value.trim() === ''
              ? 'An ID is required'
              : findLink(document.links, value.trim()) && value.trim().toUpperCase() !== link.id.toUpperCase()
                ? 'Another link has this ID'
                : null
          }
          onCommit={(value) => renameLink(store, link.id, value.trim())}
        />
        <Row label="Show">
          {show ? `${show.name} @ ${link.showFrames.join(', ') || '—'}` : 'missing (hide without show)'}
        </Row>
        <Row label="Hide">
          {hide ? `${hide.name} @ ${link.hideFrames.join(', ') || '—'}` : 'missing (shown until the sequence ends)'}
        </Row>
      </Panel>
      {entry ? <CapePanel entry={entry} title="Cape file" /> : null}
      {entry?.cape ? <CapeProperties cacheKey={capeKey(link.path)} /> : null}
    </>
  );
}

function FileSummary() {
  const file = useEditor((state) => state.file);
  const document = useEditor(currentDocument);
  if (!file) return <div className="empty-hint">Nothing selected.</div>;
  return (
    <Panel title="File" icon="file">
      <Row label="Name">{file.name}</Row>
      <Row label="Path" hint={file.path ?? 'not saved yet'}>
        <span className="path">{file.path ?? 'not saved yet'}</span>
      </Row>
      {document ? (
        <>
          <Row label="Format">{`${document.format.toUpperCase()} ${document.version}`}</Row>
          <Row label="Model">{document.name}</Row>
          <Row label="Sequences">{document.sequences.length}</Row>
          <Row label="Event objects">{document.eventObjects.length}</Row>
          <Row label="MRF links">{document.links.length}</Row>
          <Row label="Keys">{document.eventObjects.reduce((sum, object) => sum + object.frames.length, 0)}</Row>
        </>
      ) : null}
    </Panel>
  );
}

function ActiveProperties() {
  const active = useEditor((state) => state.selection.active);
  const document = useEditor(currentDocument);
  const standaloneCape = useEditor((state) => state.standaloneCape);
  if (standaloneCape && (!active || active.kind === 'cape'))
    return (
      <>
        <CapePanel entry={standaloneCape} title="Cape" />
        <CapeProperties cacheKey={capeKey(standaloneCape.gamePath)} />
      </>
    );
  if (!document || !active) return <FileSummary />;
  switch (active.kind) {
    case 'link': {
      const link = findLink(document.links, active.id);
      return link ? <LinkProperties document={document} link={link} /> : <FileSummary />;
    }
    case 'object':
    case 'key': {
      const object = document.eventObjects[active.objectIndex];
      if (!object) return <FileSummary />;
      const link = object.type === 'MRF' || object.type === 'MRD' ? findLink(document.links, object.id) : undefined;
      return (
        <>
          {active.kind === 'key' ? <KeyProperties object={object} frameIndex={active.frameIndex} /> : null}
          <EventMeaningProperties object={object} />
          <ObjectProperties document={document} object={object} />
          {link ? <LinkProperties document={document} link={link} /> : null}
        </>
      );
    }
    case 'sequence': {
      const sequence = document.sequences[active.sequenceIndex];
      if (!sequence) return <FileSummary />;
      return (
        <Panel title={`Sequence ${sequence.name}`} icon="sequence">
          <Row label="Interval">{`${sequence.start} – ${sequence.end} ms`}</Row>
          <Row label="Length">{`${sequence.end - sequence.start} ms`}</Row>
          <Row label="Looping">{sequence.nonLooping ? 'No' : 'Yes'}</Row>
          <Row label="Move speed">{formatNumber(sequence.moveSpeed)}</Row>
          <Row label="Rarity">{formatNumber(sequence.rarity)}</Row>
        </Panel>
      );
    }
    case 'globalSequence':
      return (
        <Panel title={`Global Sequence ${active.globalSequenceIndex}`} icon="clock">
          <Row label="Duration">{`${document.globalSequences[active.globalSequenceIndex] ?? 0} ms`}</Row>
          <Row label="Used by">
            {document.eventObjects
              .filter((object) => object.globalSequenceId === active.globalSequenceIndex)
              .map((object) => object.name)
              .join(', ') || 'no event object'}
          </Row>
        </Panel>
      );
    default:
      return <FileSummary />;
  }
}

/** The area. */
export function Properties() {
  return (
    <Area kind="properties" title="Properties" icon="overlay">
      <div className="properties" data-testid="properties">
        <ActiveProperties />
      </div>
    </Area>
  );
}
