import { describe, expect, it } from 'vitest';
import { modelCodec } from '../../shared/events';
import { createEditorStore } from '../state/editor-store';
import { registerRenderService, type RenderService } from '../state/render-service';
import { contextFor } from './operator';
import { renderOperators } from './render-operators';

describe('render operators', () => {
  it('run the render service while a file is open and no render runs; Cancel only while one does', async () => {
    const store = createEditorStore({ codec: modelCodec, host: null });
    const calls: string[] = [];
    const service: RenderService = {
      render: async (kind, properties) => void calls.push(`${kind} ${JSON.stringify(properties)}`),
      capabilities: async () => ({ maxSize: 8192, formats: ['webm'], unavailable: {}, audio: false }),
      cancel: () => void calls.push('cancel'),
    };
    const operators = new Map(renderOperators().map((operator) => [operator.id, operator]));
    const image = operators.get('render.render_image')!;
    const animation = operators.get('render.render_animation')!;
    const cancel = operators.get('render.cancel')!;
    const context = contextFor(store, 'viewport', { width: 320 });
    expect(image.poll(context)).toBe(false); // nothing open
    store.setState({ file: { kind: 'model', path: '/m.mdx', name: 'm.mdx', identity: null } });
    expect(image.poll(context)).toBe(false); // no render service (no canvas here)
    const unregister = registerRenderService(store, service);
    expect(image.poll(context) && animation.poll(context)).toBe(true);
    expect(cancel.poll(context)).toBe(false);
    await image.execute(context);
    await animation.execute(context);
    expect(calls).toEqual(['image {"width":320}', 'animation {"width":320}']);
    store.setState({
      render: {
        kind: 'animation',
        label: 'x.webm',
        phase: 'rendering',
        frame: 3,
        frames: 60,
        startedAt: 0,
        cancelling: false,
      },
    });
    expect(image.poll(context)).toBe(false);
    expect(cancel.poll(context)).toBe(true);
    await cancel.execute(context);
    expect(calls.at(-1)).toBe('cancel');
    unregister();
  });
});
