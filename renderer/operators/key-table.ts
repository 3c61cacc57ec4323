/**
 * The README's key table, generated from the keymap and the operators' labels so that it cannot
 * drift from the keys the editor handles (tests/readme-keys.test.ts compares it with README.md).
 * Keys are shown as on Windows and Linux; the notes below the table say what differs on macOS and
 * in the browser shell, from the same data.
 */
import { KEY_PLATFORMS, type KeyPlatform, displayChord, isReserved } from '../../shared/keymap/chords';
import { TRANSFORM_MODAL_KEYMAP } from '../../shared/keymap/default-keymap';
import { AREA_LABELS, type Keymap, type KeymapItem } from '../../shared/keymap/keymap';
import type { OperatorRegistry } from './operator';

const PC: KeyPlatform = { os: 'linux', shell: 'electron' };

/** What a binding does, in a few words. */
function bindingLabel(item: KeymapItem, operators: OperatorRegistry): string {
  if (item.label) return item.label;
  const label = operators.get(item.operatorId)?.label ?? item.operatorId;
  const values = Object.values(item.properties ?? {});
  return values.length > 0 ? `${label} (${values.join(', ')})` : label;
}

/** `Ctrl Z` / `Ctrl Y` style code spans. */
function keys(chords: readonly string[], platform: KeyPlatform): string {
  return chords.map((chord) => `\`${displayChord(chord, platform)}\``).join(' / ');
}

/** The markdown table (and its notes) of every binding, by area. */
export function keyTableMarkdown(keymap: Keymap, operators: OperatorRegistry): string {
  const lines = ['| Where | Keys |', '| --- | --- |'];
  const areas = [...new Set(keymap.items.map((item) => item.area))];
  for (const area of areas) {
    // One entry per action: chords that do the same thing are listed together, in keymap order.
    const actions = new Map<string, string[]>();
    for (const item of keymap.items.filter((candidate) => candidate.area === area)) {
      const label = bindingLabel(item, operators);
      actions.set(label, [...(actions.get(label) ?? []), item.chord]);
    }
    const cell = [...actions].map(([label, chords]) => `${keys(chords, PC)} ${label}`).join(', ');
    lines.push(`| ${AREA_LABELS[area]} | ${cell} |`);
  }
  const confirm = TRANSFORM_MODAL_KEYMAP.filter((item) => item.action === 'confirm').map((item) => item.chord);
  const cancel = TRANSFORM_MODAL_KEYMAP.filter((item) => item.action === 'cancel').map((item) => item.chord);
  lines.push(
    `| While moving keys | ${keys(confirm, PC)} confirm (one undo step), ${keys(cancel, PC)} cancel ` +
      '(a duplicate’s copies go too), hold `Ctrl` to invert snapping, type a number to move by it in the ' +
      'timeline’s unit (`-` negates, `Backspace` edits) |',
  );
  const mac: KeyPlatform = { os: 'mac', shell: 'electron' };
  const controlOnMac = keymap.items
    .filter((item) => item.chord.startsWith('ctrl+') && displayChord(item.chord, mac).includes('⌃'))
    .map((item) => item.chord);
  const taken = new Map<string, string[]>();
  for (const platform of KEY_PLATFORMS.filter((candidate) => candidate.shell === 'web'))
    for (const item of keymap.items)
      if (isReserved(item.chord, platform) && !isReserved(item.chord, { ...platform, shell: 'electron' }))
        taken.set(item.chord, [...(taken.get(item.chord) ?? []), platform.os]);
  lines.push(
    '',
    `On macOS ⌘ stands for Ctrl (Control works too), except ${keys([...new Set(controlOnMac)], mac)}, ` +
      'where macOS keeps the ⌘ chord for itself.' +
      (taken.size > 0
        ? ` In the browser shell the browser keeps ${[...taken]
            .map(([chord, systems]) => `${keys([chord], PC)}${systems.length < 3 ? ` (${systems.join(', ')})` : ''}`)
            .join(', ')}; its menu entries then show no key.`
        : ''),
  );
  return lines.join('\n');
}
