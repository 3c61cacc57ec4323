/**
 * Properties of an event object (type, ID, full name, objectId, parent, global sequence, frames)
 * and of a selected key (its time).
 */
import type { EventObject, ModelDocument } from '../../../shared/events/document';
import { useApp } from '../../ui/editor-context';
import { Icon } from '../../ui/Icon';
import { editDocument } from '../../state/document-actions';
import { setKeyTime } from '../../state/key-actions';
import { renameObject } from '../../state/outliner-actions';
import { beyondGlobalSequence } from '../../state/key-insert';
import { notify } from '../../state/dialog-actions';
import { IntegerField, Panel, Row, TextField } from './fields';

const TYPE_NAMES: Record<string, string> = {
  SND: 'Sound',
  FPT: 'Footprint',
  SPN: 'Spawn',
  SPL: 'Splat',
  UBR: 'UberSplat',
  MRF: 'MRF show',
  MRD: 'MRF hide',
  OTHER: 'Other',
};

/** The selected key's time. */
export function KeyProperties({ object, frameIndex }: { object: EventObject; frameIndex: number }) {
  const { store } = useApp();
  const frame = object.frames[frameIndex];
  if (frame === undefined) return null;
  return (
    <Panel title="Key" icon="key" testId="key-properties">
      <Row label="Object">{object.name}</Row>
      <Row label="Index">{frameIndex}</Row>
      <span className="prop-label">Time (ms)</span>
      <IntegerField
        value={frame}
        hint="The key's time in ms: type a value and press Enter"
        testId="key-time"
        onCommit={(timeMs) => setKeyTime(store, { objectIndex: object.index, frameIndex }, timeMs)}
      />
    </Panel>
  );
}

/** An event object. */
export function ObjectProperties({ document, object }: { document: ModelDocument; object: EventObject }) {
  const { store } = useApp();
  const setFrames = (frames: number[], label: string) =>
    editDocument(
      store,
      { kind: 'setFrames', objectIndex: object.index, frames: [...frames].sort((a, b) => a - b) },
      label,
    );
  const parentChoices = document.nodes.filter((node) => node.objectId !== object.objectId);
  return (
    <Panel title="Event Object" icon="event" testId="object-properties">
      <Row label="Type">
        {TYPE_NAMES[object.type] ?? object.type} ({object.type})
      </Row>
      <Row label="ID">{object.id || '—'}</Row>
      <span className="prop-label">Name</span>
      <TextField
        value={object.name}
        hint="The full name: three letters of type, one letter, then the ID/data"
        validate={(value) =>
          value.trim().length === 0
            ? 'A name is required'
            : new TextEncoder().encode(value).length > 79
              ? 'At most 79 bytes (80 with the terminator)'
              : null
        }
        onCommit={(name) => renameObject(store, object.index, name.trim())}
      />
      <Row label="Object ID">{object.objectId}</Row>
      <span className="prop-label">Parent</span>
      <select
        className="field"
        value={object.parentId}
        data-hint="The node this event object follows"
        onChange={(event) =>
          editDocument(
            store,
            { kind: 'setParent', objectIndex: object.index, parentId: Number(event.target.value) },
            'Set Parent',
          )
        }
      >
        <option value={-1}>None</option>
        {parentChoices.map((node) => (
          <option key={node.objectId} value={node.objectId}>
            {node.objectId}: {node.name} ({node.kind})
          </option>
        ))}
      </select>
      <span className="prop-label">Global sequence</span>
      <select
        className="field"
        value={object.globalSequenceId ?? -1}
        data-hint="Keys follow the sequences (None) or loop with a global sequence"
        onChange={(event) => {
          const value = Number(event.target.value);
          editDocument(
            store,
            { kind: 'setGlobalSequence', objectIndex: object.index, globalSequenceId: value < 0 ? null : value },
            'Set Global Sequence',
          );
        }}
      >
        <option value={-1}>None</option>
        {document.globalSequences.map((duration, index) => (
          <option key={index} value={index}>
            {index}: {duration} ms
          </option>
        ))}
      </select>
      <span className="prop-label">Frames</span>
      <span className="prop-value">
        {object.frames.length} key{object.frames.length === 1 ? '' : 's'}
        {object.hasKeyBlock ? '' : ' (no key block)'}
      </span>
      <div className="wide frames-list" data-testid="frames-list">
        {object.frames.slice(0, 500).map((frame, index) => (
          <FrameRow
            key={`${index}:${frame}`}
            frame={frame}
            onChange={(value) =>
              setFrames(
                object.frames.map((old, position) => (position === index ? value : old)),
                'Edit Frame',
              )
            }
            onRemove={() =>
              setFrames(
                object.frames.filter((_, position) => position !== index),
                'Remove Frame',
              )
            }
          />
        ))}
        {object.frames.length > 500 ? (
          <span className="prop-label">… {object.frames.length - 500} more (edit them in the timeline)</span>
        ) : null}
      </div>
      <button
        className="button wide"
        data-hint="Add a key at the playhead"
        onClick={() => {
          const frame = Math.max(0, Math.round(store.getState().session.playback.playheadMs));
          const beyond = beyondGlobalSequence(document, object.index, frame);
          if (beyond) notify(store, `Add at playhead: ${beyond}`, 'warning');
          else if (!object.frames.includes(frame)) setFrames([...object.frames, frame], 'Add Frame');
        }}
      >
        <Icon name="plus" size={11} /> Add at playhead
      </button>
    </Panel>
  );
}

function FrameRow({ frame, onChange, onRemove }: { frame: number; onChange(value: number): void; onRemove(): void }) {
  return (
    <>
      <IntegerField value={frame} hint="Key time (ms)" onCommit={onChange} />
      <button className="button icon" data-hint="Remove this key" onClick={onRemove}>
        <Icon name="close" size={10} />
      </button>
    </>
  );
}
