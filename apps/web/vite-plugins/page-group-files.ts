/**
 * Names, in the built index.html, the files of each page group (src/app/page-groups.ts): its chunk,
 * the chunks it imports and their styles, less what the first page loads anyway. The app prefetches
 * the groups a member is likely to open next with `<link rel="prefetch">` from this list, which
 * downloads them into the cache without running them: importing them ran every module and applied
 * every style of six page groups on the main thread while the first page was still settling
 * (issue #18). There is no list under the dev server; the app then imports the groups instead.
 *
 * Also writes FIRST_LOAD_FILE: per page, the files of the groups a first visit to it runs before
 * it shows, for the server to preload with the page's HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { FIRST_LOAD_FILE, PAGE_GROUP_FILES_ID } from '../src/app/page-group-files.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

interface PageGroupFilesOptions {
  /** The page group whose entry module is `moduleId`, if it is one. */
  groupOf: (moduleId: string) => string | undefined;
  /**
   * Per route name, the groups (as `groupOf` names them) a first visit to that page runs before it
   * shows: their files go to FIRST_LOAD_FILE, which the server turns into preload links in the
   * page's HTML, so they download beside the entry instead of after it has run (issue #18).
   */
  firstLoad?: Record<string, readonly string[]>;
}

/** `fileName` and, transitively, the chunks it imports statically with their styles, as site paths. */
function filesOf(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || into.has(`/${fileName}`)) return into;
  into.add(`/${fileName}`);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports) filesOf(bundle, imported, into);
  return into;
}

/** Each group's files, less those the entry loads anyway. */
function groupFiles(bundle: Bundle, entryFileName: string, groupOf: PageGroupFilesOptions['groupOf']): Record<string, string[]> {
  const initial = filesOf(bundle, entryFileName);
  const groups: Record<string, string[]> = {};
  for (const item of Object.values(bundle)) {
    const group = item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId ? groupOf(item.facadeModuleId) : undefined;
    if (group) groups[group] = [...filesOf(bundle, item.fileName)].filter((file) => !initial.has(file)).sort();
  }
  return groups;
}

export function pageGroupFiles({ groupOf, firstLoad = {} }: PageGroupFilesOptions): Plugin {
  return {
    name: 'linkup:page-group-files',
    apply: 'build',
    writeBundle({ dir }, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!dir || !entry) return;
      const groups = groupFiles(bundle, entry.fileName, groupOf);
      const files: Record<string, string[]> = {};
      for (const [route, names] of Object.entries(firstLoad)) {
        const missing = names.filter((name) => !groups[name]);
        if (missing.length > 0) this.error(`first load of ${route}: the build has no group ${missing.join(', ')}`);
        files[route] = [...new Set(names.flatMap((name) => groups[name]!))];
      }
      fs.writeFileSync(path.join(dir, FIRST_LOAD_FILE), `${JSON.stringify(files)}\n`);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const groups = groupFiles(bundle, entry.fileName, groupOf);
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PAGE_GROUP_FILES_ID },
            children: JSON.stringify(groups),
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
