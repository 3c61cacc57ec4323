/**
 * Playback and dope-sheet operators: play/pause (both directions), frame steps, key jumps, range
 * ends, and key editing (select all, delete, insert, copy/paste, views).
 */
import { areaCommands, requestAreaCommand } from '../state/area-commands';
import { currentDocument } from '../state/editor-store';
import { copySelectedKeys, deleteSelectedKeys, pasteKeys, selectAllKeys } from '../state/key-actions';
import { insertKeyAtPlayhead } from '../state/key-insert';
import { cancelPlayback, jumpToEnd, jumpToKey, stepFrames, togglePlayback } from '../state/playback';
import { updateSession } from '../state/session-actions';
import { defineOperator, hasFile, hasModel, hasSelectedKeys, notDragging, stateOf, withDefaults } from './define';
import type { Operator } from './operator';
import { notify } from '../state/dialog-actions';

/** screen.* playback operators. */
export function playbackOperators(): Operator[] {
  return [
    defineOperator(
      'screen.animation_play',
      'Play/Pause',
      'Play the animation forwards, or pause it',
      ({ store }) => togglePlayback(store, 1),
      hasFile,
    ),
    defineOperator(
      'screen.animation_play_reverse',
      'Play Backwards',
      'Play the animation backwards, or pause it',
      ({ store }) => togglePlayback(store, -1),
      hasFile,
    ),
    defineOperator(
      'screen.animation_cancel',
      'Cancel Playback',
      'Stop playing and return the playhead to where playback started',
      ({ store }) => void cancelPlayback(store),
      (context) => stateOf(context).playing !== 0,
    ),
    defineOperator(
      'screen.frame_offset_back',
      'Previous Frame',
      'Step the playhead one frame back',
      ({ store }) => stepFrames(store, -1),
      hasFile,
    ),
    defineOperator(
      'screen.frame_offset_forward',
      'Next Frame',
      'Step the playhead one frame forward',
      ({ store }) => stepFrames(store, 1),
      hasFile,
    ),
    defineOperator(
      'screen.keyframe_jump_next',
      'Jump to Next Key',
      'Move the playhead to the next key',
      ({ store }) => void jumpToKey(store, 1),
      hasFile,
    ),
    defineOperator(
      'screen.keyframe_jump_prev',
      'Jump to Previous Key',
      'Move the playhead to the previous key',
      ({ store }) => void jumpToKey(store, -1),
      hasFile,
    ),
    defineOperator(
      'screen.frame_jump_start',
      'Jump to Start',
      'Move the playhead to the start of the sequence',
      ({ store }) => jumpToEnd(store, 'start'),
      hasFile,
    ),
    defineOperator(
      'screen.frame_jump_end',
      'Jump to End',
      'Move the playhead to the end of the sequence',
      ({ store }) => jumpToEnd(store, 'end'),
      hasFile,
    ),
    defineOperator(
      'screen.toggle_loop',
      'Toggle Loop',
      'Loop playback within the sequence, or stop at its end',
      ({ store }) =>
        updateSession(store, (session) => ({
          ...session,
          playback: { ...session.playback, loop: !session.playback.loop },
        })),
    ),
    defineOperator(
      'screen.toggle_play_every_frame',
      'Play Every Frame',
      'Play every frame, even when the renderer is too slow to keep real time (off: drop frames to keep it)',
      ({ store }) =>
        updateSession(store, (session) => ({
          ...session,
          playback: { ...session.playback, playEveryFrame: !session.playback.playEveryFrame },
        })),
    ),
    defineOperator('screen.toggle_mute', 'Mute Audio', 'Silence the sound objects during playback', ({ store }) =>
      updateSession(store, (session) => ({
        ...session,
        playback: { ...session.playback, muted: !session.playback.muted },
      })),
    ),
    defineOperator(
      'screen.toggle_scrub_audio',
      'Scrub Audio',
      "Play sound objects while scrubbing the playhead across their keys (Blender's Scrub Audio)",
      ({ store }) =>
        updateSession(store, (session) => ({
          ...session,
          playback: { ...session.playback, scrubAudio: !session.playback.scrubAudio },
        })),
    ),
  ];
}

/** action.* dope-sheet operators (the grab and duplicate are in transform-operators.ts). */
export function timelineOperators(): Operator[] {
  return [
    withDefaults(
      defineOperator(
        'action.select_all',
        'Select All Keys',
        'Select every key, none, or invert the selection',
        ({ store, properties }) => {
          const action = properties.action;
          selectAllKeys(store, action === 'deselect' || action === 'invert' || action === 'toggle' ? action : 'select');
        },
        hasModel,
      ),
      { action: 'select' },
    ),
    defineOperator(
      'action.delete',
      'Delete Keys',
      'Delete the selected keys',
      ({ store }) => void deleteSelectedKeys(store),
      (context) => hasSelectedKeys(context) && notDragging(context),
    ),
    defineOperator(
      'action.keyframe_insert',
      'Insert Key',
      'Insert a key at the playhead on each selected row (on a link row: the key that flips its cape there)',
      ({ store }) => void insertKeyAtPlayhead(store),
      (context) => hasModel(context) && notDragging(context),
    ),
    defineOperator(
      'action.copy',
      'Copy Keys',
      'Copy the selected keys',
      ({ store }) => void copySelectedKeys(store),
      hasSelectedKeys,
    ),
    defineOperator(
      'action.paste',
      'Paste Keys',
      'Paste the copied keys at the playhead',
      ({ store }) => void pasteKeys(store),
      (context) => hasModel(context) && notDragging(context) && stateOf(context).clipboard !== null,
    ),
    defineOperator(
      'action.view_all',
      'Frame All (Dope Sheet)',
      'Show the whole sequence (or time line) in the dope sheet',
      ({ store }) => areaCommands(store, 'timeline')?.viewAll(),
      hasFile,
    ),
    defineOperator(
      'action.view_selected',
      'Frame Selected (Dope Sheet)',
      'Show the selected keys in the dope sheet',
      ({ store }) => areaCommands(store, 'timeline')?.viewSelected(),
      hasSelectedKeys,
    ),
    defineOperator(
      'action.cycle_time_unit',
      'Cycle Time Unit',
      'Show times in milliseconds, frames or seconds',
      ({ store }) =>
        updateSession(store, (session) => {
          const order = ['ms', 'frames', 'seconds'] as const;
          const unit = order[(order.indexOf(session.timeline.unit) + 1) % order.length]!;
          return { ...session, timeline: { ...session.timeline, unit } };
        }),
    ),
    defineOperator(
      'action.toggle_snapping',
      'Toggle Snapping',
      'Snap moved keys to other keys and sequence bounds',
      ({ store }) =>
        updateSession(store, (session) => ({
          ...session,
          timeline: { ...session.timeline, snapping: !session.timeline.snapping },
        })),
    ),
    defineOperator(
      'action.select_sequence',
      'Show Sequence',
      'Show one sequence in the timeline (and loop playback in it), or the whole time line',
      ({ store, properties }) => {
        const index = typeof properties.index === 'number' ? properties.index : -1;
        const document = currentDocument(store.getState());
        updateSession(store, (session) => ({
          ...session,
          timeline: { ...session.timeline, sequenceIndex: document?.sequences[index] ? index : -1 },
        }));
        requestAreaCommand(store, 'timeline', 'viewAll');
      },
      hasModel,
    ),
  ];
}
