import { PHOTO_SIZES } from '../adapters/storage/images';
import type { Random } from './random';

/**
 * Illustrated portrait "photos" for demo members, drawn as SVG and rasterised by sharp — no
 * network, no stock photos of real people. One look per member (skin, hair, clothes); each of
 * their photos puts that same person in a different scene.
 */

export const AVATAR_WIDTH = 1080;
export const AVATAR_HEIGHT = 1350;

export type HairStyle =
  | 'short' | 'buzz' | 'bald' | 'side_part' | 'high_top' | 'afro' | 'long' | 'braids' | 'bun' | 'headwrap' | 'bob';
export type TopStyle = 'crew' | 'vneck' | 'collar' | 'hoodie';
export type Scene = 'studio' | 'sunset' | 'mountain' | 'city' | 'beach';

export interface AvatarLook {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  beard: boolean;
  glasses: boolean;
  earrings: boolean;
  top: string;
  topStyle: TopStyle;
  /** Colour of a headwrap or accessory. */
  accent: string;
}

export const SKIN_TONES = [
  '#4a2c1d', '#5c3a24', '#70462c', '#8a5a3b', '#a06b45', '#b67d52', '#c99668', '#dcae84', '#eac4a0', '#f3d5b8',
] as const;
export const HAIR_COLOURS = {
  black: '#1d1512', darkBrown: '#2e1f17', brown: '#4b3121', chestnut: '#6b4428', auburn: '#8c4a2b',
  blonde: '#c9a063', lightBlonde: '#dcbf86', grey: '#9d9a96', silver: '#c4c0ba',
} as const;
const TOPS = ['#2f4858', '#33658a', '#86bbd8', '#f26419', '#f6ae2d', '#6a4c93', '#1982c4', '#8ac926', '#ff595e',
  '#e9c46a', '#2a9d8f', '#264653', '#e76f51', '#f4f1de', '#3d405b', '#81b29a', '#c1121f', '#ffffff'] as const;
const ACCENTS = ['#e63946', '#f4a261', '#2a9d8f', '#ffb703', '#8338ec', '#06d6a0', '#ef476f', '#118ab2'] as const;

/** Background palettes for studio portraits: [top, bottom, soft shapes]. */
const STUDIO_PALETTES: readonly (readonly [string, string, string])[] = [
  ['#ffd6e0', '#ff8fab', '#fff0f3'], ['#caf0f8', '#48cae4', '#e0fbfc'], ['#fde2e4', '#fad2e1', '#ffffff'],
  ['#e2ece9', '#bee1e6', '#f0efeb'], ['#ffe5b4', '#ffb385', '#fff4e6'], ['#d8e2dc', '#9bb1a6', '#f4f1ea'],
  ['#cdb4db', '#a2d2ff', '#f1e6ff'], ['#fcd5ce', '#f8edeb', '#ffffff'], ['#b8e0d2', '#95b8d1', '#eaf4f4'],
  ['#ffcad4', '#b0d0d3', '#f3eaf4'], ['#fff1c1', '#ffc6a5', '#fffaf0'], ['#1d3557', '#457b9d', '#a8dadc'],
  ['#3a0ca3', '#7209b7', '#f72585'], ['#264653', '#2a9d8f', '#e9c46a'],
];

export function randomLook(random: Random, options: {
  skinRange: readonly [number, number];
  hairColours: readonly string[];
  hairStyles: readonly HairStyle[];
  beardChance: number;
  earringChance: number;
  age: number;
}): AvatarLook {
  const greyChance = options.age >= 50 ? 0.55 : options.age >= 42 ? 0.2 : 0;
  return {
    skin: SKIN_TONES[random.int(options.skinRange[0], options.skinRange[1])]!,
    hair: random.chance(greyChance) ? random.pick([HAIR_COLOURS.grey, HAIR_COLOURS.silver]) : random.pick(options.hairColours),
    hairStyle: random.pick(options.hairStyles),
    beard: random.chance(options.beardChance),
    glasses: random.chance(options.age > 40 ? 0.35 : 0.18),
    earrings: random.chance(options.earringChance),
    top: random.pick(TOPS),
    topStyle: random.weighted([['crew', 4], ['vneck', 2], ['collar', 2], ['hoodie', 1]] as const),
    accent: random.pick(ACCENTS),
  };
}

/** The same person in another outfit, for a photo taken on another day. */
export function changeOutfit(look: AvatarLook, random: Random): AvatarLook {
  const top = random.pick(TOPS.filter((t) => t !== look.top));
  return { ...look, top, topStyle: random.weighted([['crew', 4], ['vneck', 2], ['collar', 2], ['hoodie', 1]] as const) };
}

const SCENES: readonly Scene[] = ['studio', 'sunset', 'mountain', 'city', 'beach'];

/** Photo n of a member: the first is mostly a studio portrait, the rest are out and about, never twice the same scene. */
export function sceneFor(photoIndex: number, random: Random, used: ReadonlySet<Scene> = new Set()): Scene {
  if (photoIndex === 0) return random.chance(0.75) ? 'studio' : random.pick(['sunset', 'mountain'] as const);
  const fresh = SCENES.filter((scene) => !used.has(scene));
  return random.pick(fresh.length ? fresh : SCENES);
}

/** Shades a hex colour: amount < 0 darkens, > 0 lightens. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const v = amount < 0 ? c * (1 + amount) : c + (255 - c) * amount;
    return Math.max(0, Math.min(255, Math.round(v)));
  };
  const r = channel((n >> 16) & 0xff);
  const g = channel((n >> 8) & 0xff);
  const b = channel(n & 0xff);
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
}

function isLight(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 0xff) + 0.587 * ((n >> 8) & 0xff) + 0.114 * (n & 0xff) > 170;
}

function background(scene: Scene, random: Random): string {
  const W = AVATAR_WIDTH;
  const H = AVATAR_HEIGHT;
  switch (scene) {
    case 'studio': {
      const [top, bottom, soft] = random.pick(STUDIO_PALETTES);
      // One soft glow and a few flat translucent discs: the bokeh look at a fraction of the render cost.
      const glow = `<circle cx="${random.int(150, W - 150)}" cy="${random.int(100, 500)}" r="${random.int(200, 320)}" fill="url(#glow)" opacity="0.8"/>`;
      const circles = Array.from({ length: random.int(3, 6) }, () =>
        `<circle cx="${random.int(0, W)}" cy="${random.int(0, H * 0.75)}" r="${random.int(30, 150)}" fill="${soft}" opacity="${(0.12 + random.next() * 0.2).toFixed(2)}"/>`,
      ).join('');
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
        <radialGradient id="glow"><stop offset="0" stop-color="${soft}" stop-opacity="0.9"/><stop offset="1" stop-color="${soft}" stop-opacity="0"/></radialGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>${glow}${circles}`;
    }
    case 'sunset': {
      const sunX = random.int(200, 880);
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4d3a7a"/><stop offset="0.45" stop-color="#e0609a"/><stop offset="0.75" stop-color="#ffb26b"/><stop offset="1" stop-color="#ffd8a8"/></linearGradient>
        <radialGradient id="sun"><stop offset="0" stop-color="#fff4d6"/><stop offset="0.35" stop-color="#ffe3a3"/><stop offset="1" stop-color="#ffb26b" stop-opacity="0"/></radialGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <circle cx="${sunX}" cy="720" r="330" fill="url(#sun)"/>
        <path d="M0 900 C 200 800 380 860 560 820 C 760 780 900 840 ${W} 800 V ${H} H 0 Z" fill="#7a3b69" opacity="0.85"/>
        <path d="M0 1000 C 240 930 420 990 640 950 C 820 920 960 970 ${W} 940 V ${H} H 0 Z" fill="#552a58"/>`;
    }
    case 'mountain': {
      // A flat-topped mountain on a blue afternoon: a nod to Table Mountain.
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5fa8d3"/><stop offset="0.7" stop-color="#bde0fe"/><stop offset="1" stop-color="#e8f4fd"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <g fill="#ffffff" opacity="0.8"><ellipse cx="${random.int(150, 400)}" cy="${random.int(160, 260)}" rx="120" ry="34"/><ellipse cx="${random.int(650, 950)}" cy="${random.int(200, 320)}" rx="150" ry="40"/></g>
        <path d="M-20 900 L 120 640 L 230 560 L 760 545 L 850 600 L 980 700 L ${W + 20} 780 V ${H} H -20 Z" fill="#5c7a89"/>
        <path d="M230 560 L 760 545 L 770 575 L 240 590 Z" fill="#7995a3"/>
        <path d="M-20 1000 C 260 920 520 980 760 930 C 900 900 1000 930 ${W + 20} 920 V ${H} H -20 Z" fill="#3f6b4f"/>`;
    }
    case 'city': {
      const buildings: string[] = [];
      for (let x = -20; x < W; ) {
        const w = random.int(70, 150);
        const h = random.int(220, 620);
        buildings.push(`<rect x="${x}" y="${1000 - h}" width="${w - 8}" height="${h + 400}" rx="6"/>`);
        x += w;
      }
      const windows = Array.from({ length: 40 }, () =>
        `<rect x="${random.int(0, W)}" y="${random.int(480, 980)}" width="14" height="20" rx="2"/>`).join('');
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#14213d"/><stop offset="0.6" stop-color="#4a4e69"/><stop offset="1" stop-color="#9a8c98"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <circle cx="${random.int(120, 960)}" cy="${random.int(140, 300)}" r="54" fill="#fdf0d5" opacity="0.9"/>
        <g fill="#22223b" opacity="0.92">${buildings.join('')}</g>
        <g fill="#ffd166" opacity="0.75">${windows}</g>`;
    }
    case 'beach':
      return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#48cae4"/><stop offset="0.6" stop-color="#ade8f4"/><stop offset="1" stop-color="#caf0f8"/></linearGradient>
        <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0077b6"/><stop offset="1" stop-color="#00b4d8"/></linearGradient></defs>
        <rect width="${W}" height="${H}" fill="url(#bg)"/>
        <circle cx="${random.int(700, 950)}" cy="${random.int(160, 260)}" r="70" fill="#fff3b0"/>
        <rect y="760" width="${W}" height="300" fill="url(#sea)"/>
        <path d="M0 770 H ${W}" stroke="#ffffff" stroke-width="6" opacity="0.6"/>
        <path d="M0 1000 C 300 960 700 1020 ${W} 980 V ${H} H 0 Z" fill="#f1dca7"/>`;
  }
}

function hairBack(look: AvatarLook): string {
  const h = look.hair;
  switch (look.hairStyle) {
    case 'afro':
      return `<circle cx="540" cy="500" r="255" fill="${h}"/>`;
    case 'long':
      return `<path d="M330 520 C 330 330 420 280 540 280 C 660 280 750 330 750 520 L 770 900 C 700 940 380 940 310 900 Z" fill="${h}"/>`;
    case 'braids': {
      const strands = Array.from({ length: 9 }, (_, i) => {
        const x = 345 + i * 49;
        return `<path d="M${x} 430 L ${x - 6} 960" stroke="${shade(h, 0.18)}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`;
      }).join('');
      return `<path d="M330 500 C 330 320 420 275 540 275 C 660 275 750 320 750 500 L 775 960 C 700 990 380 990 305 960 Z" fill="${h}"/>${strands}`;
    }
    case 'bob':
      return `<path d="M340 520 C 340 330 430 290 540 290 C 650 290 740 330 740 520 L 750 720 C 700 745 380 745 330 720 Z" fill="${h}"/>`;
    case 'bun':
      return `<circle cx="540" cy="300" r="85" fill="${h}"/>`;
    default:
      return '';
  }
}

function hairFront(look: AvatarLook): string {
  const h = look.hair;
  switch (look.hairStyle) {
    case 'short':
      return `<path d="M382 520 C 370 380 440 330 540 330 C 640 330 712 380 698 520 C 680 440 640 410 540 412 C 450 414 400 440 382 520 Z" fill="${h}"/>`;
    case 'buzz':
      return `<path d="M386 500 C 380 380 450 345 540 345 C 630 345 700 380 694 500 C 670 430 620 405 540 405 C 460 405 410 430 386 500 Z" fill="${h}" opacity="0.85"/>`;
    case 'side_part':
      return `<path d="M378 540 C 362 370 450 318 560 325 C 660 332 716 390 702 530 C 690 450 650 420 600 410 C 560 440 470 440 420 430 C 400 460 388 500 378 540 Z" fill="${h}"/>`;
    case 'high_top':
      return `<path d="M384 500 L 392 300 C 430 270 650 270 688 300 L 696 500 C 670 430 620 410 540 410 C 460 410 410 430 384 500 Z" fill="${h}"/>`;
    case 'afro':
      return `<path d="M385 520 C 378 380 450 318 540 318 C 630 318 702 380 695 520 C 672 442 620 425 540 425 C 460 425 408 442 385 520 Z" fill="${h}"/>`;
    case 'long':
    case 'braids':
      return `<path d="M380 560 C 360 380 440 318 540 318 C 640 318 720 380 700 560 C 690 470 660 430 600 415 C 560 445 470 455 420 440 C 400 470 390 510 380 560 Z" fill="${h}"/>`;
    case 'bob':
      return `<path d="M372 580 C 360 380 440 320 540 320 C 640 320 720 380 708 580 C 700 470 660 420 540 420 C 430 420 384 470 372 580 Z" fill="${h}"/>`;
    case 'bun':
      return `<path d="M385 520 C 375 385 450 335 540 335 C 630 335 705 385 695 520 C 680 440 630 410 540 410 C 450 410 400 440 385 520 Z" fill="${h}"/>`;
    case 'headwrap':
      return `<path d="M370 520 C 350 340 430 250 540 250 C 650 250 730 340 710 520 C 690 450 640 430 540 430 C 440 430 390 450 370 520 Z" fill="${look.accent}"/>
        <path d="M470 270 C 560 200 690 230 660 330 C 620 290 540 290 470 270 Z" fill="${shade(look.accent, -0.2)}"/>
        <path d="M400 420 C 470 380 610 380 680 420" stroke="${shade(look.accent, 0.35)}" stroke-width="14" fill="none" opacity="0.7"/>`;
    case 'bald':
      return `<ellipse cx="500" cy="420" rx="60" ry="26" fill="#ffffff" opacity="0.12"/>`;
  }
}

function top(look: AvatarLook): string {
  const t = look.top;
  const shadow = shade(t, -0.18);
  const bottom = AVATAR_HEIGHT + 60;
  const outline = `M140 ${bottom} C 140 1010 290 880 540 880 C 790 880 940 1010 940 ${bottom} Z`;
  const body = `<clipPath id="torso"><path d="${outline}"/></clipPath><path d="${outline}" fill="${t}"/>
    <ellipse cx="990" cy="1230" rx="240" ry="400" fill="${shadow}" opacity="0.55" clip-path="url(#torso)"/>`;
  switch (look.topStyle) {
    case 'crew':
      return `${body}<path d="M455 880 C 470 935 610 935 625 880" stroke="${shade(t, isLight(t) ? -0.25 : 0.25)}" stroke-width="16" fill="none"/>`;
    case 'vneck':
      return `${body}<path d="M455 878 L 540 1005 L 625 878 Z" fill="${shade(look.skin, -0.15)}"/><path d="M455 878 L 540 1005 L 625 878" stroke="${shadow}" stroke-width="12" fill="none"/>`;
    case 'collar':
      return `${body}<path d="M540 975 L 450 875 L 420 955 Z M540 975 L 630 875 L 660 955 Z" fill="${shade(t, 0.55)}"/><path d="M540 975 V ${bottom}" stroke="${shadow}" stroke-width="6"/>`;
    case 'hoodie':
      return `${body}<path d="M380 875 C 420 985 660 985 700 875 C 660 935 420 935 380 875 Z" fill="${shadow}"/>
        <path d="M500 965 V 1095 M580 965 V 1095" stroke="${shade(t, 0.5)}" stroke-width="8" stroke-linecap="round"/>`;
  }
}

function face(look: AvatarLook): string {
  const skinDark = shade(look.skin, -0.22);
  const lightSkin = isLight(look.skin);
  const feature = '#2b1b14';
  const parts = [
    `<path d="M455 535 Q 482 520 508 533" stroke="${shade(look.hair, -0.1)}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    `<path d="M572 533 Q 598 520 625 535" stroke="${shade(look.hair, -0.1)}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
    `<ellipse cx="482" cy="575" rx="13" ry="17" fill="${feature}"/><ellipse cx="598" cy="575" rx="13" ry="17" fill="${feature}"/>`,
    `<circle cx="486" cy="569" r="4" fill="#ffffff" opacity="0.8"/><circle cx="602" cy="569" r="4" fill="#ffffff" opacity="0.8"/>`,
    `<path d="M540 590 Q 528 640 545 648" stroke="${skinDark}" stroke-width="7" stroke-linecap="round" fill="none"/>`,
    `<ellipse cx="450" cy="640" rx="34" ry="20" fill="#ff7b7b" opacity="${lightSkin ? 0.28 : 0.18}"/>`,
    `<ellipse cx="630" cy="640" rx="34" ry="20" fill="#ff7b7b" opacity="${lightSkin ? 0.28 : 0.18}"/>`,
    `<path d="M495 680 Q 540 715 585 680" stroke="${shade(look.skin, -0.45)}" stroke-width="9" stroke-linecap="round" fill="none"/>`,
  ];
  if (look.beard) {
    parts.push(`<path d="M392 580 C 400 720 460 775 540 775 C 620 775 680 720 688 580 C 670 650 640 700 600 705 C 570 690 510 690 480 705 C 440 700 410 650 392 580 Z" fill="${look.hair}" opacity="0.92"/>`);
    parts.push(`<path d="M500 690 Q 540 705 580 690" stroke="${shade(look.skin, -0.45)}" stroke-width="8" stroke-linecap="round" fill="none"/>`);
  }
  if (look.glasses) {
    parts.push(`<g stroke="#1f2933" stroke-width="8" fill="#ffffff" fill-opacity="0.12"><rect x="430" y="540" width="104" height="74" rx="26"/><rect x="546" y="540" width="104" height="74" rx="26"/><path d="M534 570 Q 540 562 546 570" fill="none"/></g>`);
  }
  return parts.join('');
}

function person(look: AvatarLook): string {
  const skinShadow = shade(look.skin, -0.15);
  const earrings = look.earrings
    ? `<circle cx="388" cy="650" r="11" fill="#f4d35e"/><circle cx="692" cy="650" r="11" fill="#f4d35e"/>`
    : '';
  return [
    hairBack(look),
    `<path d="M468 700 L 464 900 C 500 930 580 930 616 900 L 612 700 Z" fill="${skinShadow}"/>`,
    `<g transform="translate(0 -22)">${top(look)}</g>`,
    `<ellipse cx="392" cy="590" rx="28" ry="44" fill="${skinShadow}"/><ellipse cx="688" cy="590" rx="28" ry="44" fill="${skinShadow}"/>`,
    earrings,
    `<path d="M390 520 C 390 380 450 340 540 340 C 630 340 690 380 690 520 C 690 680 630 770 540 770 C 450 770 390 680 390 520 Z" fill="${look.skin}"/>`,
    `<path d="M540 340 C 630 340 690 380 690 520 C 690 680 630 770 540 770 C 600 720 640 640 640 520 C 640 420 600 360 540 340 Z" fill="${skinShadow}" opacity="0.35"/>`,
    face(look),
    hairFront(look),
  ].join('');
}

/** The SVG of one photo of a member in a scene. */
export function renderAvatarSvg(look: AvatarLook, scene: Scene, random: Random): string {
  // Out-and-about photos show the person a little smaller and off-centre, like a real snapshot.
  const scale = scene === 'studio' ? 1 : 0.82 + random.next() * 0.08;
  const dx = scene === 'studio' ? 0 : random.int(-120, 120);
  const tx = 540 - 540 * scale + dx;
  const ty = AVATAR_HEIGHT - AVATAR_HEIGHT * scale;
  // Rasterised straight at the stored `large` size, so no pixel is drawn only to be scaled away.
  const fit = PHOTO_SIZES.large / Math.max(AVATAR_WIDTH, AVATAR_HEIGHT);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(AVATAR_WIDTH * fit)}" height="${Math.round(AVATAR_HEIGHT * fit)}" viewBox="0 0 ${AVATAR_WIDTH} ${AVATAR_HEIGHT}">
    ${background(scene, random)}
    <g transform="translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${scale.toFixed(3)})">${person(look)}</g>
  </svg>`;
}
