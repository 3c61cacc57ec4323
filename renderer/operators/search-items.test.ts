/**
 * F3's rows (search-items.ts): every menu entry under the menu's own label with its properties, every other
 * operator under its own; a query finds rows by the words of the menu label, the operator's label, id and
 * description, those whose label holds every word first.
 */
import { describe, expect, it } from 'vitest';
import { menuCommands } from '../../shared/contract/menu-commands';
import { modelCodec } from '../../shared/events';
import { FileService } from '../files/file-service';
import { createEditorStore } from '../state/editor-store';
import { createModelParser } from '../workers/model-parser';
import { createOperatorRegistry } from './index';
import { findSearchItems, searchItems } from './search-items';

describe('operator search rows', () => {
  const store = createEditorStore({ codec: modelCodec, host: null });
  const operators = createOperatorRegistry(new FileService(store, createModelParser(null, modelCodec)));
  const items = searchItems(operators);

  it('holds each menu entry under its label and properties, and each operator no menu runs', () => {
    for (const command of menuCommands)
      expect(items).toContainEqual(
        expect.objectContaining({
          label: command.label,
          operatorId: command.operatorId,
          properties: command.properties ?? {},
        }),
      );
    const inMenus = new Set(menuCommands.map((command) => command.operatorId));
    const others = operators.list().filter((operator) => !inMenus.has(operator.id));
    expect(others.length).toBeGreaterThan(10);
    for (const operator of others)
      expect(items).toContainEqual(expect.objectContaining({ label: operator.label, operatorId: operator.id }));
  });

  it('finds every menu entry by its own label, and the importers by their format', () => {
    for (const command of menuCommands)
      expect(findSearchItems(items, command.label).map((item) => item.label)).toContain(command.label);
    expect(findSearchItems(items, 'emf').map((item) => item.label)).toContain('Import Cape from EMF…');
    expect(findSearchItems(items, 'kf2')[0]).toMatchObject({
      operatorId: 'cape.import',
      properties: { importer: 'kf2' },
    });
    // The operator's own label finds its menu entry too, label matches first.
    const sidebar = findSearchItems(items, 'toggle sidebar');
    expect(sidebar[0]).toMatchObject({ label: 'Sidebar', operatorId: 'view.toggle_sidebar' });
  });
});
