// subset-font ships no types: the one call the font build step makes.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'woff2' | 'woff' | 'truetype' } & Record<string, unknown>,
  ): Promise<Buffer>;
}
