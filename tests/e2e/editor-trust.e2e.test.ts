/**
 * End to end in Debian Chromium through the browser shell: findings 1–4 of issue 21 (editor trust, round two), each a
 * scenario that failed on the code before its fix:
 *  1. a click on a key in the Dope Sheet updates the Outliner's highlight — Link 0000 stayed highlighted after a click
 *     on Link 0001's hide key, and X over the Outliner then deleted all of Link 0000 (and MRDx0001);
 *  2. Retime keeps the cape's duration: 120 keyframes at 30 fps retimed to 30 fps stay 120 (they became 121, 4.0 s
 *     instead of 3.967 s), and 30 → 60 fps gives 239 (it gave 240);
 *  3. a show key dragged onto its own hide key's time: the game handles both in one update, the hide last, so the cape
 *     is not shown — it stayed up to the end of the sequence — and the Diagnostics warn (they were silent);
 *  4. Add MRF Link puts the hide key inside the sequence that holds the playhead (at 78,500 ms in the sample's
 *     0–80,000 ms sequence the hide went to 81,500 ms, outside every sequence, so it never fired);
 * and what the model-based test found (tests/editor-model), where a user meets it:
 *  5. a Shift-click on a key lit its object in the Outliner, though X there would not delete it;
 *  6. Ctrl+Z after I lit the key that took the inserted key's place (and X then deleted it);
 *  7. Shift+D cancelled with Esc dropped what Ctrl+Shift+Z could redo;
 *  8. with no cape in the Properties, F3 still offered Trim Cape, for the cape last edited;
 *  9. X over the Outliner on a link with a second object of its ID (F2 made one) also deleted the object after it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  afterRender,
  answerPrompt,
  captureViewport,
  differingPixels,
  linkKeyPosition,
  runMenu,
  sampleEditorSuite,
  setPlayhead,
  snapshot,
} from './editor-page';
import { browserSkipReason, screenshot } from './harness';

const skipReason = browserSkipReason();

const linkOf = async (page: Page, id: string) => (await snapshot(page)).links.find((link) => link.id === id);

/** The test ids of the Outliner rows drawn as selected or active. */
const highlightedRows = (page: Page): Promise<string[]> =>
  page
    .locator('[data-testid^="outliner-row-"][aria-selected="true"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')!.slice('outliner-row-'.length)));

/** A row of the cape's statistics in the Properties (Keyframes, Duration …). */
const capeStatistic = (page: Page, label: string) =>
  page
    .locator('[data-testid="cape-properties"] .prop-label', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::span[1]')
    .innerText();

describe.skipIf(skipReason !== null)('editor trust: what a newcomer hit (issue 21, findings 1–4)', () => {
  const { open: openSample } = sampleEditorSuite('morf-e2e-trust-');

  it('1: a click on a Dope Sheet key moves the Outliner highlight; X there deletes what it lights', async () => {
    const page = await openSample();
    await page.getByTestId('outliner-row-link:0000').click();
    expect(await highlightedRows(page)).toEqual(['link:0000', 'object:0', 'object:1']);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Home');
    const key = await linkKeyPosition(page, '0001', 'hide');
    await page.mouse.click(key.x, key.y);
    await expect.poll(async () => (await snapshot(page)).active).toBe('key:3/0');
    // Only the clicked key's object (MRDx0001) is lit in the Outliner: Link 0000 is not any more.
    await expect.poll(() => highlightedRows(page)).toEqual(['object:3']);
    await screenshot(page, 'trust-outliner-follows-dope-sheet');
    await page.getByTestId('outliner').hover();
    await page.keyboard.press('x');
    await expect.poll(async () => (await linkOf(page, '0001'))?.hide).toEqual([]);
    expect(await linkOf(page, '0000')).toMatchObject({ show: [19_300], hide: [22_300] });
    expect((await linkOf(page, '0001'))?.show).toEqual([28_133]);
    await page.close();
  });

  it('2: Retime keeps the duration: 120 keyframes at 30 fps stay 120 at 30 fps and become 239 at 60 fps', async () => {
    const page = await openSample();
    await page.getByTestId('outliner-row-link:0000').click();
    await expect.poll(() => capeStatistic(page, 'Keyframes')).toBe('120');
    const duration = await capeStatistic(page, 'Duration');
    expect(duration).toBe('3.967 s');
    await page.getByTestId('cape-retime').click();
    await answerPrompt(page, '30');
    await expect
      .poll(async () => (await snapshot(page)).notice)
      .toBe('Retime Cape: already 120 keyframes at 30 fps over 3.96667 s; nothing changed');
    expect(await capeStatistic(page, 'Keyframes')).toBe('120');
    expect(await capeStatistic(page, 'Duration')).toBe(duration);
    await page.getByTestId('cape-retime').click();
    await answerPrompt(page, '60');
    await expect.poll(() => capeStatistic(page, 'Keyframes')).toBe('239');
    expect((await snapshot(page)).notice).toBe('Retimed the cape to 239 keyframes at 60 fps over 3.96667 s');
    expect(await page.title()).toMatch(/^• arthascape0000\.mrf \(cape\)/);
    expect(await capeStatistic(page, 'Duration')).toBe(duration);
    await screenshot(page, 'trust-retime-keeps-duration');
    await page.close();
  });

  it('3: a show dragged onto its own hide: the cape is not shown, and the Diagnostics say why', async () => {
    const page = await openSample();
    await afterRender(page, () => setPlayhead(page, 23_000));
    const empty = await captureViewport(page);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Home');
    const show = await linkKeyPosition(page, '0000', 'show');
    const hide = await linkKeyPosition(page, '0000', 'hide');
    await page.mouse.click(show.x, show.y);
    await page.mouse.move(show.x, show.y);
    await page.mouse.down();
    await page.mouse.move((show.x + hide.x) / 2, show.y, { steps: 4 });
    await page.mouse.move(hide.x, show.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await linkOf(page, '0000'))?.show).toEqual([22_300]);
    // Hidden after its show-and-hide time: the viewport draws what it drew with no cape at all.
    await afterRender(page, () => setPlayhead(page, 25_000));
    expect(differingPixels(empty, await captureViewport(page), 40)).toBe(0);
    await page.getByTestId('tab-diagnostics').click();
    await expect
      .poll(() => page.getByTestId('diagnostics').textContent())
      .toContain('Link 0000 shows and hides its cape at 22300 ms');
    await screenshot(page, 'trust-show-on-hide');
    await page.close();
  });

  it('4: Add MRF Link near the end of a sequence puts the hide key at its end, not past it', async () => {
    const page = await openSample();
    await setPlayhead(page, 78_500);
    await page.mouse.move(700, 300);
    await runMenu(page, 'Edit', 'Add MRF Link…');
    await answerPrompt(page, '0042');
    await expect.poll(async () => (await linkOf(page, '0042'))?.show).toEqual([78_500]);
    expect((await linkOf(page, '0042'))?.hide).toEqual([80_000]);
    await page.close();
  });

  it('5: a Shift-click on a key lights no Outliner row the Outliner’s X would leave', async () => {
    const page = await openSample();
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Home');
    const key = await linkKeyPosition(page, '0001', 'hide');
    await page.keyboard.down('Shift');
    await page.mouse.click(key.x, key.y);
    await page.keyboard.up('Shift');
    await expect.poll(async () => (await snapshot(page)).selectedKeys).toBe(1);
    expect(await highlightedRows(page)).toEqual([]);
    await page.close();
  });

  it('6: Ctrl+Z after I selects nothing the user did not select; X then deletes nothing', async () => {
    const page = await openSample();
    await page.getByTestId('outliner-row-object:1').click();
    await setPlayhead(page, 20_000);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('i');
    await expect.poll(async () => (await linkOf(page, '0000'))?.hide).toEqual([20_000, 22_300]);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await linkOf(page, '0000'))?.hide).toEqual([22_300]);
    expect((await snapshot(page)).selectedKeys).toBe(0);
    await page.keyboard.press('x');
    await page.waitForTimeout(200);
    expect((await linkOf(page, '0000'))?.hide).toEqual([22_300]);
    await page.close();
  });

  it('7: Shift+D cancelled with Esc keeps what Ctrl+Shift+Z redoes', async () => {
    const page = await openSample();
    await page.getByTestId('outliner-row-link:0000').click();
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('x');
    await expect.poll(async () => (await linkOf(page, '0000'))?.show).toEqual([]);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await linkOf(page, '0000'))?.show).toEqual([19_300]);
    await page.getByTestId('outliner-row-link:0000').click();
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Shift+d');
    await page.mouse.move(800, 700, { steps: 3 });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await linkOf(page, '0000'))?.show).toEqual([]);
    await page.close();
  });

  it('8: F3 offers the cape edits only for the cape the Properties show', async () => {
    const page = await openSample();
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Home');
    const key = await linkKeyPosition(page, '0000', 'show');
    await page.mouse.click(key.x, key.y);
    await page.getByTestId('cape-reverse').click();
    await expect.poll(() => page.title()).toMatch(/^• arthascape0000\.mrf \(cape\)/);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('Alt+a');
    await expect.poll(() => page.getByTestId('cape-editor').count()).toBe(0);
    await page.keyboard.press('F3');
    await page.getByTestId('operator-search').fill('Trim Cape');
    await expect.poll(() => page.locator('.search-list .menu-item', { hasText: 'Trim Cape' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('9: X over the Outliner deletes the lit link’s objects and nothing after them', async () => {
    const page = await openSample();
    await page.getByTestId('outliner-row-link:0003').click();
    await setPlayhead(page, 0);
    await page.getByTestId('timeline-canvas').hover();
    await page.keyboard.press('i');
    await expect.poll(async () => (await linkOf(page, '0003'))?.show).toEqual([0, 55_933]);
    // F2 on the new key's object: MRFx0003 becomes a second MRDx0003.
    await page.getByTestId('outliner').hover();
    await page.keyboard.press('F2');
    await answerPrompt(page, 'MRDx0003');
    await expect.poll(async () => (await linkOf(page, '0003'))?.show).toEqual([]);
    await page.getByTestId('outliner').hover();
    await page.keyboard.press('x');
    await expect.poll(async () => (await snapshot(page)).links.map((link) => link.id)).not.toContain('0003');
    expect(await linkOf(page, '0004')).toMatchObject({ show: [60_633], hide: [62_500] });
    await page.close();
  });
});
