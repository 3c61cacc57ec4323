/**
 * The editor's frame while it loads, shown with the boot frame: its top bar, areas and status bar as empty panels,
 * laid out by the session's layout with the editor's own classes and grid (workspace-grid.ts), so that the boot
 * frame's canvas sits exactly where the 3D viewport will draw (VS Code's start-up splash does the same from its last
 * layout). It lies over the editor's root, hidden while that boots, and goes when the editor shows (boot-reveal.ts).
 */
import { workspaceGrid } from './workspace-grid';
import type { LayoutSession } from '../../state/session';

const SKELETON_ID = 'boot-skeleton';

function element(tag: string, className: string, style: Partial<CSSStyleDeclaration> = {}): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  Object.assign(made.style, style);
  return made;
}

/**
 * Lays the editor's frame out for `layout` (hidden) and returns the viewport's body, where the boot frame's canvas
 * goes.
 */
export function showBootSkeleton(layout: LayoutSession): HTMLElement {
  removeBootSkeleton();
  const { columns, rows, spanAll } = workspaceGrid(layout);
  // Hidden until the boot frame is drawn in it (see showBootPicture): painting it first would hold the GPU process
  // (SwiftShader) while the boot frame waits for it.
  const app = element('div', 'app', { position: 'fixed', inset: '0', zIndex: '1', visibility: 'hidden' });
  app.id = SKELETON_ID;
  app.setAttribute('aria-busy', 'true');
  const workspace = element('main', 'workspace', { gridTemplateColumns: columns, gridTemplateRows: rows });
  const area = (style: Partial<CSSStyleDeclaration>) => {
    const section = element('section', 'area', style);
    section.append(element('header', 'area-header'), element('div', 'area-body'));
    return section;
  };
  const viewport = area({ gridRow: '1', gridColumn: '3' });
  workspace.append(area({ gridRow: '1', gridColumn: '1' }), viewport);
  if (layout.propertiesOpen) workspace.append(area({ gridRow: '1', gridColumn: '5' }));
  workspace.append(area({ gridRow: '3', gridColumn: spanAll }));
  app.append(element('header', 'topbar'), workspace, element('footer', 'statusbar'));
  document.body.append(app);
  return viewport.lastElementChild as HTMLElement;
}

/** Shows the editor's frame with the boot frame drawn in it. */
export function showBootPicture(): void {
  const skeleton = document.getElementById(SKELETON_ID);
  if (skeleton) skeleton.style.visibility = 'visible';
}

/** Takes the frame away (the editor shows). */
export function removeBootSkeleton(): void {
  document.getElementById(SKELETON_ID)?.remove();
}
