/**
 * End to end in Debian Chromium through the browser shell: what a newcomer hour on real files found (issue 21, its last
 * "How good" line), each a scenario that failed before its fix:
 *  - I (Insert Key) on an event object that runs on a global sequence, with the playhead past that sequence's length:
 *    the sample's SNDxWIND (global sequence 0, 20,000 ms) got a key at 50,000 ms, which the game never reaches, the
 *    status bar said "Inserted 1 key" and only the Diagnostics then warned. Now no key is added and the status bar says
 *    why. The Properties' "Add at playhead" did the same.
 *  - the same key moved there another way: G (or a drag) carried it past the sequence's length, and Ctrl+V pasted it
 *    there. Now a move stops at the length, and a paste leaves out the keys that would be past it, saying so.
 */
import { describe, expect, it } from 'vitest';
import { sampleEditorSuite, setPlayhead, snapshot } from './editor-page';
import { browserSkipReason, screenshot } from './harness';

const skipReason = browserSkipReason();

describe.skipIf(skipReason !== null)('a newcomer hour on real files (issue 21)', () => {
  const { open: openSample } = sampleEditorSuite('morf-e2e-newcomer-');

  it('I on a global-sequence event object past its sequence’s length adds no key the game never reaches', async () => {
    const page = await openSample();
    await setPlayhead(page, 50_000);
    await page.locator('input[placeholder="Filter"]').first().fill('WIND');
    const row = page.locator('[data-testid^="outliner-row-object:"]', { hasText: 'SNDxWIND' });
    await row.click();
    expect(await row.innerText()).toMatch(/\b0$/);
    const undoSteps = (await snapshot(page)).undoSteps;
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('i');
    await expect
      .poll(async () => (await snapshot(page)).notice)
      .toBe(
        'Insert Key: nothing to insert; SNDxWIND runs on global sequence 0 (20000 ms): ' +
          'a key at 50000 ms would never fire',
      );
    expect(await row.innerText()).toMatch(/\b0$/);
    expect((await snapshot(page)).undoSteps).toBe(undoSteps);
    expect((await snapshot(page)).dirty).toBe(false);
    await screenshot(page, 'newcomer-insert-past-global-sequence');
    await page.getByRole('button', { name: 'Add at playhead' }).click();
    await expect
      .poll(async () => (await snapshot(page)).notice)
      .toBe('Add at playhead: SNDxWIND runs on global sequence 0 (20000 ms): a key at 50000 ms would never fire');
    expect(await row.innerText()).toMatch(/\b0$/);
    expect((await snapshot(page)).dirty).toBe(false);
    // Inside the global sequence's length the key goes in as before.
    await setPlayhead(page, 15_000);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('i');
    await expect.poll(() => row.innerText()).toMatch(/\b0, 15000$/);
    await page.close();
  }, 60_000);

  it('moving or pasting a global-sequence key stops at its sequence’s length', async () => {
    const page = await openSample();
    await page.locator('input[placeholder="Filter"]').first().fill('WIND');
    const row = page.locator('[data-testid^="outliner-row-object:"]', { hasText: 'SNDxWIND' });
    await row.click();
    await setPlayhead(page, 15_000);
    const timeline = page.getByTestId('timeline-canvas');
    await timeline.hover();
    await page.keyboard.press('i');
    await expect.poll(() => row.innerText()).toMatch(/\b0, 15000$/);
    expect((await snapshot(page)).selectedKeys).toBe(1);
    // G, the mouse far to the right (tens of seconds), click: the key stops at 20,000 ms.
    const box = (await timeline.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.keyboard.press('g');
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height / 2, { steps: 6 });
    await page.mouse.click(box.x + box.width * 0.95, box.y + box.height / 2);
    await expect.poll(() => row.innerText()).toMatch(/\b0, 20000$/);
    await screenshot(page, 'newcomer-move-past-global-sequence');
    // Copied and pasted at 50,000 ms: nothing is pasted, and the status bar says why.
    await timeline.hover();
    await page.keyboard.press('Control+c');
    await setPlayhead(page, 50_000);
    await timeline.hover();
    const undoSteps = (await snapshot(page)).undoSteps;
    await page.keyboard.press('Control+v');
    await expect
      .poll(async () => (await snapshot(page)).notice)
      .toBe(
        'Paste Keys: nothing pasted; SNDxWIND runs on global sequence 0 (20000 ms): a key at 50000 ms would never fire',
      );
    expect(await row.innerText()).toMatch(/\b0, 20000$/);
    expect((await snapshot(page)).undoSteps).toBe(undoSteps);
    // Pasted at 5,000 ms it goes in.
    await setPlayhead(page, 5_000);
    await timeline.hover();
    await page.keyboard.press('Control+v');
    await expect.poll(() => row.innerText()).toMatch(/\b0, 5000, 20000$/);
    await page.close();
  }, 60_000);
});
