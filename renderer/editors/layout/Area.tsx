/**
 * An editor area: a rounded region with a header row and a body. Hovering it makes it the target
 * of key presses (Blender sends keys to the area under the mouse).
 */
import type { ReactNode } from 'react';
import { useApp } from '../../ui/editor-context';
import { Icon, type IconName } from '../../ui/Icon';
import type { AreaKind } from '../../state/editor-store';

/** Props: which area, its title and icon, header controls and body. */
export interface AreaProps {
  kind: AreaKind;
  title: string;
  icon: IconName;
  header?: ReactNode;
  children: ReactNode;
  bodyClassName?: string;
  style?: React.CSSProperties;
}

/** The area frame. */
export function Area({ kind, title, icon, header, children, bodyClassName, style }: AreaProps) {
  const { store } = useApp();
  return (
    <section
      className="area"
      data-area={kind}
      style={style}
      onPointerEnter={() => store.setState({ hoveredArea: kind })}
      onPointerDown={() => store.getState().hoveredArea !== kind && store.setState({ hoveredArea: kind })}
    >
      <header className="area-header">
        <span className="area-title">
          <Icon name={icon} />
          {title}
        </span>
        {header}
      </header>
      <div className={`area-body ${bodyClassName ?? ''}`}>{children}</div>
    </section>
  );
}
