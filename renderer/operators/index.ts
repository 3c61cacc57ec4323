/**
 * The editor's operator registry and keymap, assembled.
 */
import { DEFAULT_KEYMAP } from '../../shared/keymap/default-keymap';
import { Keymap } from '../../shared/keymap/keymap';
import type { FileService } from '../files/file-service';
import { archiveOperators } from './archive-operators';
import { capeOperators } from './cape-operators';
import { editOperators, fileOperators } from './edit-operators';
import { modelViewOperators } from './model-view-operators';
import { OperatorRegistry } from './operator';
import { outlinerOperators, viewportOperators } from './outliner-operators';
import { playbackOperators, timelineOperators } from './timeline-operators';
import { renderOperators } from './render-operators';
import { transformOperators } from './transform-operators';

/** Every operator of the editor. */
export function createOperatorRegistry(files: FileService): OperatorRegistry {
  return new OperatorRegistry().register(
    ...editOperators(),
    ...fileOperators(files),
    ...archiveOperators(files),
    ...playbackOperators(),
    ...timelineOperators(),
    ...transformOperators(),
    ...outlinerOperators(),
    ...viewportOperators(),
    ...modelViewOperators(),
    ...capeOperators(files),
    ...renderOperators(),
  );
}

/** The keymap (Blender's defaults, shared/keymap). */
export function createKeymap(): Keymap {
  return new Keymap(DEFAULT_KEYMAP);
}
