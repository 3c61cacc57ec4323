/**
 * The workspace's grid for a layout (App.tsx's areas): the outliner column, a splitter, the 3D viewport, and the
 * properties column when it is open; below them a splitter and the dope sheet across. Shared by the editor and the
 * boot frame's skeleton (renderer/boot), which places the first picture where the viewport will be.
 */
import type { LayoutSession } from '../../state/session';

/** The splitters' thickness, in CSS pixels. */
export const SPLITTER_PIXELS = 4;

/** The grid's template columns and rows, and the column span of a row across every column. */
export interface WorkspaceGrid {
  columns: string;
  rows: string;
  spanAll: string;
}

/** The workspace's grid for `layout`. */
export function workspaceGrid(layout: LayoutSession): WorkspaceGrid {
  const properties = layout.propertiesOpen ? ` ${SPLITTER_PIXELS}px ${layout.propertiesWidth}px` : '';
  return {
    columns: `${layout.outlinerWidth}px ${SPLITTER_PIXELS}px minmax(200px, 1fr)${properties}`,
    rows: `minmax(120px, 1fr) ${SPLITTER_PIXELS}px ${layout.timelineHeight}px`,
    spanAll: layout.propertiesOpen ? '1 / 6' : '1 / 4',
  };
}
