/**
 * Names, in the built index.html, the files of each page group (src/app/page-groups.ts): its chunk,
 * the chunks it imports and their styles, less what the first page loads anyway. The app prefetches
 * the groups a member is likely to open next with `<link rel="prefetch">` from this list, which
 * downloads them into the cache without running them: importing them ran every module and applied
 * every style of six page groups on the main thread while the first page was still settling
 * (issue #18). There is no list under the dev server; the app then imports the groups instead.
 */
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { PAGE_GROUP_FILES_ID } from '../src/app/page-group-files.ts';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

interface PageGroupFilesOptions {
  /** The page group whose entry module is `moduleId`, if it is one. */
  groupOf: (moduleId: string) => string | undefined;
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

export function pageGroupFiles({ groupOf }: PageGroupFilesOptions): Plugin {
  return {
    name: 'linkup:page-group-files',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return;
        const initial = filesOf(bundle, entry.fileName);
        const groups: Record<string, string[]> = {};
        for (const item of Object.values(bundle)) {
          const group = item.type === 'chunk' && item.isDynamicEntry && item.facadeModuleId ? groupOf(item.facadeModuleId) : undefined;
          if (group) groups[group] = [...filesOf(bundle, item.fileName)].filter((file) => !initial.has(file)).sort();
        }
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
