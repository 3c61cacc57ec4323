/**
 * Drop-down and context menus. Items run operators (label from the registry, shortcut from the
 * keymap's binding for that operator and those properties, greyed out when the poll fails) or
 * plain actions; headings and notes inform (a note may carry small operator buttons, which keep
 * the menu open). A menu closes on a click outside, on
 * Esc, and after an item ran.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useApp, useShortcuts } from '../../ui/editor-context';
import { Icon, type IconName } from '../../ui/Icon';
import { type OperatorProperties, contextFor } from '../../operators/operator';
import type { AreaKind } from '../../state/editor-store';

/** A small icon button at the end of a note row, running an operator (greyed out when its poll fails). */
export interface MenuRowButton {
  id: string;
  icon: IconName;
  /** The button's name (tooltip and accessible label). */
  label: string;
  properties?: OperatorProperties;
}

/** One entry of a menu. */
export type MenuEntry =
  | { kind: 'operator'; id: string; label?: string; properties?: OperatorProperties; checked?: boolean }
  | { kind: 'action'; label: string; run(): void; checked?: boolean; shortcut?: string; hint?: string }
  | { kind: 'separator' }
  | { kind: 'heading'; label: string }
  /**
   * A line of information (its detail right-aligned, its hint in the status bar) that runs
   * nothing itself; its `buttons` run operators on what it shows and leave the menu open.
   */
  | {
      kind: 'note';
      label: string;
      detail?: string;
      hint?: string;
      buttons?: readonly MenuRowButton[];
      testId?: string;
    };

/** A menu floating at a screen position. */
export function MenuPopup({
  entries,
  x,
  y,
  area = 'screen',
  onClose,
}: {
  entries: readonly MenuEntry[];
  x: number;
  y: number;
  area?: AreaKind;
  onClose(): void;
}) {
  const { operators, store } = useApp();
  const shortcuts = useShortcuts();
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ x, y });

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    setPosition({
      x: Math.max(4, Math.min(x, window.innerWidth - rect.width - 4)),
      y: Math.max(4, Math.min(y, window.innerHeight - rect.height - 4)),
    });
  }, [x, y]);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('pointerdown', onPointerDown, true);
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('pointerdown', onPointerDown, true);
      window.removeEventListener('keydown', onKeyDown, true);
    };
  }, [onClose]);

  return (
    <div
      className="menu"
      ref={ref}
      style={{ left: position.x, top: position.y }}
      role="menu"
      onContextMenu={(event) => event.preventDefault()}
    >
      {entries.map((entry, index) => {
        if (entry.kind === 'separator') return <div key={index} className="menu-separator" />;
        if (entry.kind === 'heading')
          return (
            <div key={index} className="menu-heading">
              {entry.label}
            </div>
          );
        if (entry.kind === 'note') {
          return (
            <div
              key={index}
              className={`menu-item menu-note${entry.buttons ? ' with-buttons' : ''}`}
              data-hint={entry.hint ?? entry.label}
              data-testid={entry.testId}
            >
              <span className="label">{entry.label}</span>
              {entry.detail ? <span className="shortcut">{entry.detail}</span> : null}
              {entry.buttons?.map((button) => {
                const context = contextFor(store, area, button.properties ?? {});
                const operator = operators.get(button.id);
                return (
                  <button
                    key={button.label}
                    className="menu-row-button"
                    disabled={!operators.canRun(button.id, context)}
                    title={button.label}
                    aria-label={button.label}
                    data-hint={operator ? `${button.label}: ${operator.description}` : button.label}
                    data-operator={button.id}
                    onClick={() => operators.run(button.id, context)}
                  >
                    <Icon name={button.icon} size={12} />
                  </button>
                );
              })}
            </div>
          );
        }
        if (entry.kind === 'action') {
          return (
            <button
              key={index}
              className="menu-item"
              role="menuitem"
              data-hint={entry.hint ?? entry.label}
              onClick={() => {
                onClose();
                entry.run();
              }}
            >
              <span className="label">
                {entry.checked === undefined ? entry.label : `${entry.checked ? '✓' : '\u2003'} ${entry.label}`}
              </span>
              {entry.shortcut ? <span className="shortcut">{entry.shortcut}</span> : null}
            </button>
          );
        }
        const operator = operators.get(entry.id);
        const context = contextFor(store, area, entry.properties ?? {});
        const enabled = operator !== undefined && operators.canRun(entry.id, context);
        const shortcut = shortcuts.text(entry.id, entry.properties);
        const label = entry.label ?? operator?.label ?? entry.id;
        return (
          <button
            key={index}
            className="menu-item"
            role="menuitem"
            disabled={!enabled}
            data-hint={operator?.description ?? ''}
            data-operator={entry.id}
            onClick={() => {
              onClose();
              operators.run(entry.id, context);
            }}
          >
            <span className="label">
              {entry.checked === undefined ? label : `${entry.checked ? '✓' : '\u2003'} ${label}`}
            </span>
            {shortcut ? <span className="shortcut">{shortcut}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
