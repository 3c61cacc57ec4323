import { describe, expect, it } from 'vitest';
import { defaultRenderSettings } from '../state/render-settings';
import { settingsWithProperties } from './install-render';

describe('render settings from an operator’s properties', () => {
  it('puts the properties given over the remembered settings; from/to make the range custom', () => {
    const remembered = { ...defaultRenderSettings(), format: 'gif' as const };
    expect(settingsWithProperties(remembered, {})).toEqual(remembered);
    expect(
      settingsWithProperties(remembered, { width: '320', height: 240, fromMs: 19_500, toMs: 21_500, format: 'webm' }),
    ).toEqual({
      ...remembered,
      width: 320,
      height: 240,
      range: 'custom',
      fromMs: 19_500,
      toMs: 21_500,
      format: 'webm',
    });
    // A bad value the checks can name is kept as given; one they cannot takes the remembered value.
    expect(settingsWithProperties(remembered, { width: 100_000, fps: 'fast', format: 'avi' })).toEqual({
      ...remembered,
      width: 100_000,
    });
  });
});
