/**
 * The id of the `<script type="application/json">` element in the built index.html that names each
 * page group's files (written by vite-plugins/page-group-files.ts, read by page-groups.ts).
 */
export const PAGE_GROUP_FILES_ID = 'page-group-files';

/**
 * The build's list of the files a first visit to each page needs (route name → site paths), read
 * by the server to preload them with the page's HTML (apps/server/src/plugins/static.ts).
 */
export const FIRST_LOAD_FILE = 'first-load.json';
