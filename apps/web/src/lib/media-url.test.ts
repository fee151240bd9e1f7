import { describe, expect, it } from 'vitest';
import { mediaUrl } from '@/lib/media-url';

const PHOTO = '/media/photos/usr_1/ph_1/large.webp';
const NATIVE_API = 'https://api.linkup.test/api';
/** The page origins of the native shells (Capacitor's Android and iOS schemes). */
const NATIVE_PAGES = ['https://localhost', 'capacitor://localhost'];

describe('mediaUrl', () => {
  it('keeps site-relative media paths on the web, where the page and the API share an origin', () => {
    expect(mediaUrl(PHOTO, '/api')).toBe(PHOTO);
  });

  it('resolves them against the API origin in a native build, so they never point into the app bundle', () => {
    expect(mediaUrl(PHOTO, NATIVE_API)).toBe(`https://api.linkup.test${PHOTO}`);
    expect(mediaUrl(PHOTO, 'http://10.0.2.2:8080/api/')).toBe(`http://10.0.2.2:8080${PHOTO}`);
    for (const page of NATIVE_PAGES) {
      expect(new URL(mediaUrl(PHOTO, NATIVE_API), page).origin, page).toBe('https://api.linkup.test');
    }
  });

  it('keeps absolute URLs and local previews as they are', () => {
    for (const url of ['https://cdn.example.com/p/1.webp', 'blob:https://localhost/6f1c', 'data:image/png;base64,AAAA']) {
      expect(mediaUrl(url, NATIVE_API)).toBe(url);
      expect(mediaUrl(url, '/api')).toBe(url);
    }
  });

  it('answers nothing for a missing photo', () => {
    expect(mediaUrl(null, NATIVE_API)).toBeUndefined();
    expect(mediaUrl(undefined, NATIVE_API)).toBeUndefined();
    expect(mediaUrl('', NATIVE_API)).toBeUndefined();
  });
});

describe('every photo the app shows', () => {
  // The screens' source, to hold each <img> to the helper: a new one that forgets it shows no photo in the apps.
  const screens = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], { query: '?raw', import: 'default', eager: true });

  it('goes through mediaUrl (the bundled logo aside)', () => {
    const images = Object.entries(screens).flatMap(([file, source]) =>
      [...source.matchAll(/<img\b[^>]*?\bsrc=\{([^}]*)\}/g)].map((match) => ({ file, source, src: match[1]!.trim() })));
    expect(images.length).toBeGreaterThan(10);
    // Addresses that are never the API's: a picked file's object URL, a selfie's data: URL.
    const notFromTheApi = new Set([
      '/src/components/photo-crop-dialog.tsx: url',
      '/src/features/moderation/components/verification-review-screen.tsx: s.image',
    ]);
    const resolved = ({ file, source, src }: { file: string; source: string; src: string }) =>
      src === 'LOGO_PATH' || src.startsWith('mediaUrl(') || source.includes(`const ${src} = mediaUrl(`) || notFromTheApi.has(`${file}: ${src}`);
    const unresolved = images.filter((image) => !resolved(image));
    expect(unresolved.map(({ file, src }) => `${file}: src={${src}}`)).toEqual([]);
  });
});
