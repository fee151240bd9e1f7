/** subset-font ships no types: the one call the PrimeIcons subset makes (vite-plugins/prime-css.ts). */
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: 'sfnt' | 'woff' | 'woff2'; preserveNameIds?: number[] },
  ): Promise<Buffer>;
}
