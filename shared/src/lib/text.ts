/** Splits stored text into paragraphs on blank lines (or on every line break with `byLine`). */
export function paragraphs(text: string, byLine = false): string[] {
  return text
    .split(byLine ? /\r?\n/ : /\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Cuts text to at most `max` characters on a word boundary, adding an ellipsis when cut. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
