/**
 * Zod's settings for the web app, set before any schema is built (lib/schemas-module.ts imports
 * this first). `jitless`: by default zod compiles a parser (`new Function`) for each object schema
 * the first time it parses with it; a page parses each kind of answer a few times, so compiling
 * costs more main-thread time than it saves (issue #18).
 */
import { config } from 'zod';

config({ jitless: true });
