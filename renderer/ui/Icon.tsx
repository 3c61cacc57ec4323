/**
 * Line icons on a 16 × 16 grid, drawn in currentColor (Blender's icons are monochrome too).
 */
const PATHS = {
  'triangle-right': 'M6 4l5 4-5 4z',
  'triangle-down': 'M4 6h8l-4 5z',
  link: 'M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8',
  cape: 'M4 2.5h8l-1 4 1.5 7-3-1.5L8 14l-1.5-2L3.5 13.5 5 6.5z',
  speaker: 'M2.5 6h2.5l3-2.5v9L5 10H2.5zM10.5 5.5a3.5 3.5 0 010 5M12 3.5a6 6 0 010 9',
  'speaker-muted': 'M2.5 6h2.5l3-2.5v9L5 10H2.5zM10 6l4 4M14 6l-4 4',
  'scrub-audio': 'M2 8h1.5l1-3 2 6 2-8 2 8 1-3H14M8 1.5v13',
  footprint:
    'M6 2.5c1.5 0 2 1.5 2 3.5s-.5 3-2 3-2-1-2-3 .5-3.5 2-3.5zM10 7c1.2 0 1.8 1.2 1.8 2.8S11.2 12.5 10 12.5 8.2 ' +
    '11.4 8.2 9.8 8.8 7 10 7z',
  spawn: 'M8 2v3M8 11v3M2 8h3M11 8h3M4 4l2 2M10 10l2 2M12 4l-2 2M6 10l-2 2',
  splat:
    'M8 3.5c2.5 0 4.5 2 4.5 4.5S10.5 12.5 8 12.5 3.5 10.5 3.5 8 5.5 3.5 8 3.5zM8 6.5a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  ubersplat: 'M2.5 8a5.5 3 0 1011 0 5.5 3 0 10-11 0zM5.5 8a2.5 1.3 0 105 0 2.5 1.3 0 10-5 0z',
  event: 'M8 2.5l5.5 5.5L8 13.5 2.5 8z',
  sequence: 'M2.5 3.5h11v9h-11zM2.5 6h11M2.5 10h11M5 3.5v2.5M8 3.5v2.5M11 3.5v2.5M5 10v2.5M8 10v2.5M11 10v2.5',
  clock: 'M8 2.5a5.5 5.5 0 110 11 5.5 5.5 0 010-11zM8 5v3.2l2.2 1.6',
  warning: 'M8 2l6.5 11.5h-13zM8 6.5v3.5M8 11.5v.5',
  error: 'M8 2a6 6 0 110 12A6 6 0 018 2zM5.5 5.5l5 5M10.5 5.5l-5 5',
  info: 'M8 2a6 6 0 110 12A6 6 0 018 2zM8 7v4.5M8 4.8v.4',
  check: 'M3 8.5l3 3 7-7',
  eye: 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM8 6a2 2 0 110 4 2 2 0 010-4z',
  'eye-off': 'M1.5 8S4 3.5 8 3.5 14.5 8 14.5 8 12 12.5 8 12.5 1.5 8 1.5 8zM3 13L13 3',
  folder: 'M1.5 4h4.5l1.5 1.5h7v7.5h-13z',
  file: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3',
  play: 'M5 3l8 5-8 5z',
  pause: 'M4.5 3h2.5v10H4.5zM9 3h2.5v10H9z',
  'play-reverse': 'M11 3L3 8l8 5z',
  'skip-start': 'M3.5 3v10M13 3L5.5 8l7.5 5z',
  'skip-end': 'M12.5 3v10M3 3l7.5 5L3 13z',
  'key-prev': 'M3 3v10M13 3L7 8l6 5zM8 8',
  'key-next': 'M13 3v10M3 3l6 5-6 5z',
  key: 'M8 3l5 5-5 5-5-5z',
  search: 'M7 2.5a4.5 4.5 0 110 9 4.5 4.5 0 010-9zM10.2 10.2L14 14',
  magnet: 'M3.5 2.5h3v5a1.5 1.5 0 003 0v-5h3v5a4.5 4.5 0 01-9 0zM3.5 5h3M9.5 5h3',
  loop: 'M3 7.5V6a2 2 0 012-2h7.5M10.5 2l2 2-2 2M13 8.5V10a2 2 0 01-2 2H3.5M5.5 14l-2-2 2-2',
  mesh: 'M2.5 4.5l5.5-3 5.5 3v7l-5.5 3-5.5-3zM2.5 4.5L8 7.5l5.5-3M8 7.5v7',
  wire: 'M2.5 4.5l5.5-3 5.5 3v7l-5.5 3-5.5-3zM2.5 4.5L8 7.5l5.5-3M8 7.5v7M2.5 11.5L8 7.5l5.5 4',
  solid: 'M8 1.5a6.5 6.5 0 110 13 6.5 6.5 0 010-13z',
  textured: 'M2.5 2.5h11v11h-11zM2.5 8h11M8 2.5v11M2.5 2.5L8 8M8 8l5.5 5.5',
  overlay: 'M2 6l6-3.5L14 6l-6 3.5zM2 10l6 3.5 6-3.5',
  plus: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8M12 4l-8 8',
  up: 'M8 13V3M4 7l4-4 4 4',
  down: 'M8 3v10M4 9l4 4 4-4',
  home: 'M2.5 8L8 3l5.5 5M4 7v6.5h8V7',
  database:
    'M3 4c0-1.1 2.2-2 5-2s5 .9 5 2-2.2 2-5 2-5-.9-5-2zM3 4v8c0 1.1 2.2 2 5 2s5-.9 5-2V4M3 8c0 1.1 2.2 2 5 2s5-.9 5-2',
  logo: 'M3 13V3l5 6 5-6v10',
} as const;

/** Icon names. */
export type IconName = keyof typeof PATHS;

/** A 16 px icon (or `size`). Filled shapes for the play controls and triangles, strokes elsewhere. */
export function Icon({
  name,
  size = 14,
  className,
  title,
}: {
  name: IconName;
  size?: number;
  className?: string;
  title?: string;
}) {
  const filled =
    name.startsWith('triangle') ||
    name === 'play' ||
    name === 'pause' ||
    name === 'play-reverse' ||
    name === 'skip-start' ||
    name === 'skip-end' ||
    name === 'key' ||
    name === 'solid' ||
    name === 'key-prev' ||
    name === 'key-next';
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
    >
      {title ? <title>{title}</title> : null}
      <path
        d={PATHS[name]}
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
