/**
 * The characters nearly every page is written in: printable ASCII and the typographer's punctuation
 * (curly quotes, dashes, ellipsis, middle dot, no-break space, ©, ×, €). The fonts' core subsets hold
 * these (font-subset.ts makes them, styles.css gives them this `unicode-range`); any other Latin character
 * falls to the full fontsource file, which a browser fetches only for a page that uses one.
 */
export const CORE_TEXT =
  Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)).join('') +
  '\u00a0\u00a9\u00b7\u00d7\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20ac';
