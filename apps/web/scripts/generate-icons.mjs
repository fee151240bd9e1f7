// Renders the LinkUp logo (a pink heart holding two linked rings) to every icon and splash image:
// the web app's icons in public/, the Android launcher icons and splash in android/, the iOS app
// icon and launch image in ios/. Run from the repository root: `npm run icons` (uses the project's
// sharp; @capacitor/assets cannot install here). The output is committed; run it again after
// changing the logo or the colours below.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/** Launch backgrounds: the app's page colour in light and dark mode (src/styles/tokens.css --lu-bg). */
const SPLASH_LIGHT = '#fff7fa';
const SPLASH_DARK = '#120a0e';
/** Behind the adaptive Android icon and the iOS icon (the tile's lighter corner). */
const ICON_BACKGROUND = '#fff1f5';

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

const svg = (body, size = 512) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}">${body}</svg>`;
/** The heart at `scale`, centred on a 512 square (the heart's own box is 440 × 418 from 36,44). */
const centredHeart = (scale, id) =>
  `<g transform="translate(${256 - 256 * scale} ${253 - 253 * scale}) scale(${scale})">${heart(id)}</g>`;

const logoSvg = svg(heart('g'));

const tileBackground = `
  <defs><linearGradient id="bg" x1="0" y1="0" x2="512" y2="512" gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="${ICON_BACKGROUND}"/><stop offset="1" stop-color="#ffd6e4"/></linearGradient></defs>`;
/** A full-bleed tile for maskable and touch icons: the heart inside the platform's safe zone. */
const tileSvg = svg(`${tileBackground}<rect width="512" height="512" fill="url(#bg)"/>${centredHeart(0.6, 't')}`);
/** Legacy Android launcher icons: the tile with rounded corners, and a round one. */
const roundedTileSvg = svg(`${tileBackground}<rect x="16" y="16" width="480" height="480" rx="96" fill="url(#bg)"/>${centredHeart(0.56, 't')}`);
const roundTileSvg = svg(`${tileBackground}<circle cx="256" cy="256" r="240" fill="url(#bg)"/>${centredHeart(0.52, 't')}`);
/** Android adaptive icon foreground (108 dp): the heart within the 66 dp safe circle. */
const foregroundSvg = svg(centredHeart(0.5, 'f'));
/** Launch images: the heart small in the middle of the page colour. */
const splashSvg = (background) => svg(`<rect width="2732" height="2732" fill="${background}"/>
  <g transform="translate(1166 1166) scale(0.78125)">${heart('s')}</g>`, 2732);

const web = new URL('../public/', import.meta.url);
const androidRes = new URL('../android/app/src/main/res/', import.meta.url);
const iosAssets = new URL('../ios/App/App/Assets.xcassets/', import.meta.url);

/** Renders an SVG (drawn on a `viewBox` square) to a `size` square PNG, rasterised at that size. */
async function png(source, size, target, { opaque = false, viewBox = 512 } = {}) {
  await mkdir(new URL('.', target), { recursive: true });
  let image = sharp(Buffer.from(source), { density: Math.max(1, (72 * size) / viewBox) }).resize(size, size);
  if (opaque) image = image.flatten({ background: ICON_BACKGROUND }).removeAlpha();
  await image.png({ compressionLevel: 9, palette: true, effort: 10 }).toFile(target.pathname);
}

const densities = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 };

await mkdir(new URL('images/', web), { recursive: true });
await writeFile(new URL('favicon.svg', web), logoSvg);
const jobs = [
  png(logoSvg, 256, new URL('images/logo.png', web)),
  png(logoSvg, 64, new URL('favicon.png', web)),
  png(logoSvg, 192, new URL('images/icon-192.png', web)),
  png(logoSvg, 512, new URL('images/icon-512.png', web)),
  png(tileSvg, 512, new URL('images/icon-maskable-512.png', web)),
  png(tileSvg, 180, new URL('images/apple-touch-icon.png', web), { opaque: true }),
];

for (const [density, factor] of Object.entries(densities)) {
  const dir = new URL(`mipmap-${density}/`, androidRes);
  jobs.push(
    png(roundedTileSvg, 48 * factor, new URL('ic_launcher.png', dir)),
    png(roundTileSvg, 48 * factor, new URL('ic_launcher_round.png', dir)),
    png(foregroundSvg, 108 * factor, new URL('ic_launcher_foreground.png', dir)),
  );
}
// Below Android 12 the launch theme draws drawable/splash.xml: the page colour and this logo.
jobs.push(png(logoSvg, 288, new URL('drawable-xxxhdpi/splash_logo.png', androidRes)));

jobs.push(
  png(tileSvg, 1024, new URL('AppIcon.appiconset/AppIcon-512@2x.png', iosAssets), { opaque: true }),
  png(splashSvg(SPLASH_LIGHT), 2732, new URL('Splash.imageset/splash-2732x2732.png', iosAssets), { viewBox: 2732 }),
  png(splashSvg(SPLASH_DARK), 2732, new URL('Splash.imageset/splash-2732x2732-dark.png', iosAssets), { viewBox: 2732 }),
);

// The launch image's catalog names exactly the two files above: one scale for every device (the
// image is drawn to fill), and the dark one for dark mode (native-projects.test.mjs checks both exist).
const splashCatalog = {
  images: [
    { filename: 'splash-2732x2732.png', idiom: 'universal' },
    { appearances: [{ appearance: 'luminosity', value: 'dark' }], filename: 'splash-2732x2732-dark.png', idiom: 'universal' },
  ],
  info: { author: 'xcode', version: 1 },
};
jobs.push(writeFile(new URL('Splash.imageset/Contents.json', iosAssets), `${JSON.stringify(splashCatalog, null, 2)}\n`));

await Promise.all(jobs);
process.stdout.write('icons and splash images written to public/, android/ and ios/\n');
