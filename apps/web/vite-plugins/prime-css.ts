/**
 * PrimeReact's theme and PrimeIcons, trimmed to what LinkUp uses. `src/styles/theme.css` names the
 * light and dark themes and the icon font with `@import`; this plugin inlines them instead, keeping
 * only the rules of PrimeReact components the app renders, only the icons its source names, and
 * a woff2 icon font cut to those icons' glyphs (issue #18: 35 KB with every glyph, a few KB with
 * the app's). The theme's own Inter faces are dropped (src/styles/fonts.css has the app's Latin
 * subset).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type Root } from 'postcss';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** PrimeReact components whose theme rules stay (ours draw button, text box, badge and progress bar markup). */
export const USED_PRIME_COMPONENTS = [
  'badge',
  'button',
  'checkbox',
  'dialog',
  'inputtext',
  'inputtextarea',
  'progressbar',
  'radiobutton',
  'skeleton',
] as const;

interface PrimeCssOptions {
  /** Directories whose source files are scanned for `pi-…` icon names. */
  iconSources: string[];
}

const IMPORT = /@import\s+'([^']+)'\s*([^;]*);/g;

export function primeCss({ iconSources }: PrimeCssOptions): Plugin {
  const primeDir = path.dirname(require.resolve('primereact/package.json'));
  const knownComponents = fs
    .readdirSync(primeDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => b.length - a.length);
  const used = new Set<string>(USED_PRIME_COMPONENTS);

  /** The PrimeReact component a `p-…` class belongs to (longest matching name), if any. */
  const componentOf = (cls: string) => knownComponents.find((name) => cls === name || cls.startsWith(`${name}-`));
  const keepSelector = (selector: string) =>
    [...selector.matchAll(/\.p-([a-z0-9-]+)/g)].every(([, cls]) => {
      const component = componentOf(cls!);
      return component === undefined || used.has(component);
    });

  function pruneTheme(root: Root) {
    root.walkAtRules('font-face', (rule) => {
      rule.remove();
    });
    root.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
      const kept = rule.selectors.filter(keepSelector);
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    });
  }

  function usedIcons(): Set<string> {
    const names = new Set<string>();
    const visit = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(full);
        else if (/\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          for (const [name] of fs.readFileSync(full, 'utf8').matchAll(/\bpi-[a-z0-9-]+/g)) names.add(name);
        }
      }
    };
    iconSources.forEach(visit);
    return names;
  }

  /** Keeps the rules of the icons the source names; returns the characters of their glyphs. */
  function pruneIconRules(root: Root): string {
    const icons = usedIcons();
    let glyphs = '';
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => {
        const icon = /^\.(pi-[a-z0-9-]+):before$/.exec(selector.trim());
        return !icon || icons.has(icon[1]!);
      });
      if (kept.length === 0) {
        rule.remove();
        return;
      }
      rule.selectors = kept;
      rule.walkDecls('content', (decl) => {
        const code = /^["']\\([0-9a-f]+)["']$/i.exec(decl.value.trim());
        if (code) glyphs += String.fromCodePoint(parseInt(code[1]!, 16));
      });
    });
    return glyphs;
  }

  /**
   * PrimeIcons' woff2 cut to `glyphs`, written once per set of glyphs under node_modules/.cache
   * (the build hashes and emits it like any other asset the CSS names); its path.
   */
  async function subsetIconFont(fontDir: string, glyphs: string): Promise<string> {
    const source = fs.readFileSync(path.join(fontDir, 'primeicons.woff2'));
    const key = createHash('sha256').update(source).update(glyphs).digest('hex').slice(0, 12);
    const cacheDir = path.join(primeDir, '..', '.cache', 'linkup-primeicons');
    const file = path.join(cacheDir, `primeicons-${key}.woff2`);
    if (!fs.existsSync(file)) {
      const subset = await subsetFont(source, glyphs, { targetFormat: 'woff2' });
      fs.mkdirSync(cacheDir, { recursive: true });
      fs.writeFileSync(file, subset);
    }
    return file;
  }

  async function pruneIcons(root: Root, fontDir: string, importerDir: string) {
    const font = await subsetIconFont(fontDir, pruneIconRules(root));
    root.walkAtRules('font-face', (rule) => {
      rule.walkDecls('src', (decl) => {
        decl.remove();
      });
      const woff2 = path.relative(importerDir, font).split(path.sep).join('/');
      rule.append({ prop: 'src', value: `url('${woff2}') format('woff2')` });
    });
  }

  return {
    name: 'linkup:prime-css',
    enforce: 'pre',
    async transform(code, id) {
      if (!id.split('?')[0]!.endsWith(path.join('src', 'styles', 'theme.css'))) return null;
      const importerDir = path.dirname(id.split('?')[0]!);
      const parts: string[] = [];
      let last = 0;
      for (const match of code.matchAll(IMPORT)) {
        const [whole, spec, media] = match as unknown as [string, string, string];
        const file = require.resolve(spec);
        const root = postcss.parse(fs.readFileSync(file, 'utf8'), { from: file });
        if (spec.startsWith('primeicons/')) await pruneIcons(root, path.join(path.dirname(file), 'fonts'), importerDir);
        else pruneTheme(root);
        this.addWatchFile(file);
        const css = root.toString();
        parts.push(code.slice(last, match.index), media.trim() ? `@media ${media.trim()} {\n${css}\n}` : css);
        last = match.index + whole.length;
      }
      parts.push(code.slice(last));
      return { code: parts.join(''), map: null };
    },
  };
}
