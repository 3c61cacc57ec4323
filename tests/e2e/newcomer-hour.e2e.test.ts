/**
 * End to end in Debian Chromium through the browser shell: what a newcomer hour on real files found (issue 21, its last
 * "How good" line), each a scenario that failed before its fix:
 *  - I (Insert Key) on an event object that runs on a global sequence, with the playhead past that sequence's length:
 *    the sample's SNDxWIND (global sequence 0, 20,000 ms) got a key at 50,000 ms, which the game never reaches, the
 *    status bar said "Inserted 1 key" and only the Diagnostics then warned. Now no key is added and the status bar says
 *    why. The Properties' "Add at playhead" did the same.
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
});
