/**
 * A draggable divider between two areas. Reports the new size of the area it resizes; the size
 * is session state, so it is remembered across runs. Double-click restores the default.
 */
import { useRef, useState } from 'react';

/** Props: the direction of the divider, the current size and how a drag changes it. */
export interface SplitterProps {
  orientation: 'vertical' | 'horizontal';
  size: number;
  /** +1 when dragging right/down grows the area, -1 when it shrinks it. */
  sign: 1 | -1;
  min: number;
  max: number;
  onResize(size: number): void;
  onReset?(): void;
  hint: string;
}

/** The divider. */
export function Splitter({ orientation, size, sign, min, max, onResize, onReset, hint }: SplitterProps) {
  const start = useRef<{ pointer: number; size: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <div
      className={`splitter ${orientation}${dragging ? ' dragging' : ''}`}
      data-hint={hint}
      role="separator"
      aria-orientation={orientation}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        start.current = { pointer: orientation === 'vertical' ? event.clientX : event.clientY, size };
        setDragging(true);
      }}
      onPointerMove={(event) => {
        if (!start.current) return;
        const pointer = orientation === 'vertical' ? event.clientX : event.clientY;
        const next = start.current.size + sign * (pointer - start.current.pointer);
        onResize(Math.round(Math.min(max, Math.max(min, next))));
      }}
      onPointerUp={() => {
        start.current = null;
        setDragging(false);
      }}
      onDoubleClick={onReset}
    />
  );
}
