/**
 * The id of the `<script type="application/json">` element in the built index.html that names each
 * page group's files (written by vite-plugins/page-group-files.ts, read by page-groups.ts).
 */
export const PAGE_GROUP_FILES_ID = 'page-group-files';
