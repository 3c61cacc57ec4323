/**
 * The editor's operator registry and keymap, assembled.
 */
import type { FileService } from '../files/file-service';
import { DEFAULT_KEYMAP } from './default-keymap';
import { editOperators, fileOperators } from './edit-operators';
import { Keymap } from './keymap';
import { OperatorRegistry } from './operator';
import { outlinerOperators, viewportOperators } from './outliner-operators';
import { playbackOperators, timelineOperators } from './timeline-operators';

/** Every operator of the editor. */
export function createOperatorRegistry(files: FileService): OperatorRegistry {
  return new OperatorRegistry().register(
    ...editOperators(),
    ...fileOperators(files),
    ...playbackOperators(),
    ...timelineOperators(),
    ...outlinerOperators(),
    ...viewportOperators(),
  );
}

/** The keymap (Blender's defaults). */
export function createKeymap(): Keymap {
  return new Keymap(DEFAULT_KEYMAP);
}
