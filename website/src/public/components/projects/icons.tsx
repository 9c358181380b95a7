/** Line icons drawn in the header's stroke style; decorative, so hidden from assistive technology. */
const PATHS = {
  previous: 'M15 5 8 12l7 7',
  next: 'm9 5 7 7-7 7',
  pause: 'M8.5 5v14M15.5 5v14',
  play: 'M7 4.5v15l12.5-7.5z',
  close: 'M6 6l12 12M18 6 6 18',
  expand: 'M14 4h6v6M10 20H4v-6M20 4l-7 7M4 20l7-7',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className={`icon icon--${name}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
