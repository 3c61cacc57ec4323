/**
 * What F3 (Operator Search) lists: every entry of the menus under the menu's own label, with the properties it runs
 * with ("Import Cape from EMF…" is cape.import with importer emf, "Top" is view3d.view_axis with type top), then
 * every operator no menu entry runs, under its own label. So a menu entry is found in F3 by what the menu says, "…"
 * and all, and the words of the operator's label, id and description find it too.
 */
import { menuLayout } from '../../shared/contract/menu-commands';
import type { OperatorProperties, OperatorRegistry } from './operator';

/** One row of the search. */
export interface SearchItem {
  label: string;
  operatorId: string;
  properties: OperatorProperties;
  /** The menu it is in ("View"), or null for an operator no menu entry runs. */
  menu: string | null;
  /** Everything a query's words are looked for in, lower case. */
  text: string;
}

/** The search's rows: the menus' entries in menu order, then the other operators by label. */
export function searchItems(operators: OperatorRegistry): SearchItem[] {
  const items: SearchItem[] = [];
  const inMenus = new Set<string>();
  for (const menu of menuLayout)
    for (const entry of menu.items) {
      if (typeof entry !== 'object') continue;
      const operator = operators.get(entry.operatorId);
      if (!operator) continue;
      inMenus.add(entry.operatorId);
      const properties = entry.properties ?? {};
      items.push({
        label: entry.label,
        operatorId: entry.operatorId,
        properties,
        menu: menu.label,
        text: [entry.label, operator.label, operator.id, operator.description, menu.label, ...Object.values(properties)]
          .join(' ')
          .toLowerCase(),
      });
    }
  for (const operator of operators.list()) {
    if (inMenus.has(operator.id)) continue;
    items.push({
      label: operator.label,
      operatorId: operator.id,
      properties: {},
      menu: null,
      text: `${operator.label} ${operator.id} ${operator.description}`.toLowerCase(),
    });
  }
  return items;
}

/**
 * The rows a query finds: those holding every word, those whose label holds them all first (as Blender ranks menu
 * names over descriptions), each group in its own order.
 */
export function findSearchItems(items: readonly SearchItem[], query: string): SearchItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = items.filter((item) => words.every((word) => item.text.includes(word)));
  const inLabel = (item: SearchItem) => words.every((word) => item.label.toLowerCase().includes(word));
  return [...found.filter(inLabel), ...found.filter((item) => !inLabel(item))];
}
