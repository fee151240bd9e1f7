// Renders the LinkUp logo (a pink heart holding two linked rings) to the PNG and SVG icons in
// public/. Run from apps/web: `node scripts/generate-icons.mjs` (needs sharp, installed at the root).
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const heartPath =
  'M256 462C256 462 36 334 36 178C36 98 98 44 172 44C212 44 240 64 256 94C272 64 300 44 340 44C414 44 476 98 476 178C476 334 256 462 256 462Z';

const heart = (id) => `
  <defs>
    <linearGradient id="${id}" x1="60" y1="40" x2="450" y2="460" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#ff7aa8"/>
      <stop offset="0.55" stop-color="#f43f7a"/>
      <stop offset="1" stop-color="#d61f5f"/>
    </linearGradient>
  </defs>
  <path d="${heartPath}" fill="url(#${id})"/>
  <path d="M120 150C128 112 158 90 192 88" stroke="#fff" stroke-opacity="0.45" stroke-width="22" stroke-linecap="round" fill="none"/>
  <g fill="none" stroke="#fff" stroke-width="26">
    <circle cx="212" cy="226" r="58"/>
    <circle cx="300" cy="226" r="58"/>
  </g>`;

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${heart('g')}</svg>`;

/** A full-bleed tile for maskable and touch icons: the heart inside the platform's safe zone. */
const tileSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="512" y2="512" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#fff1f5"/><stop offset="1" stop-color="#ffd6e4"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#bg)"/>
  <g transform="translate(102 108) scale(0.6)">${heart('t')}</g>
</svg>`;

const out = new URL('../public/', import.meta.url);
await mkdir(new URL('images/', out), { recursive: true });

const png = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toFile(new URL(file, out).pathname);

await writeFile(new URL('favicon.svg', out), logoSvg);
await Promise.all([
  png(logoSvg, 256, 'images/logo.png'),
  png(logoSvg, 64, 'favicon.png'),
  png(logoSvg, 192, 'images/icon-192.png'),
  png(logoSvg, 512, 'images/icon-512.png'),
  png(tileSvg, 512, 'images/icon-maskable-512.png'),
  png(tileSvg, 180, 'images/apple-touch-icon.png'),
]);
process.stdout.write(`icons written to ${out.pathname}\n`);
