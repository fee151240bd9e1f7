/**
 * PrimeReact's theme and PrimeIcons, trimmed to what LinkUp uses. `src/styles/theme.css` names the
 * light and dark themes and the icon font with `@import`; this plugin inlines them instead, keeping
 * only the rules of PrimeReact components the app renders, only the icons its source names, and
 * only the woff2 icon font. The theme's own Inter faces are dropped (src/styles/fonts.css has the
 * app's Latin subset).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import postcss, { type Root } from 'postcss';
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

  function pruneIcons(root: Root, fontDir: string, importerDir: string) {
    const icons = usedIcons();
    root.walkAtRules('font-face', (rule) => {
      rule.walkDecls('src', (decl) => {
        decl.remove();
      });
      const woff2 = path.relative(importerDir, path.join(fontDir, 'primeicons.woff2')).split(path.sep).join('/');
      rule.append({ prop: 'src', value: `url('${woff2}') format('woff2')` });
    });
    root.walkRules((rule) => {
      const kept = rule.selectors.filter((selector) => {
        const icon = /^\.(pi-[a-z0-9-]+):before$/.exec(selector.trim());
        return !icon || icons.has(icon[1]!);
      });
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    });
  }

  return {
    name: 'linkup:prime-css',
    enforce: 'pre',
    transform(code, id) {
      if (!id.split('?')[0]!.endsWith(path.join('src', 'styles', 'theme.css'))) return null;
      const importerDir = path.dirname(id.split('?')[0]!);
      const out = code.replace(IMPORT, (_, spec: string, media: string) => {
        const file = require.resolve(spec);
        const root = postcss.parse(fs.readFileSync(file, 'utf8'), { from: file });
        if (spec.startsWith('primeicons/')) pruneIcons(root, path.join(path.dirname(file), 'fonts'), importerDir);
        else pruneTheme(root);
        this.addWatchFile(file);
        const css = root.toString();
        return media.trim() ? `@media ${media.trim()} {\n${css}\n}` : css;
      });
      return { code: out, map: null };
    },
  };
}
