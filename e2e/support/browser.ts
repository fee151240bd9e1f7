// Which Chromium the end-to-end tests drive. Debian's `chromium-headless-shell`, when installed
// (.ci/run installs it), runs most specs: the same Blink and V8 as `chromium`, without the full
// browser's GPU process, which on a 2-core machine without a GPU spends about a third of the CPU
// compositing in software (docs/decisions.md, "End-to-end browser"). The shell has no Web Push and
// no notification permission: specs that need them use `fullChromium` (`test.use(fullChromium)`).
// Without the shell, every spec runs in `chromium`.
import fs from 'node:fs';

/** The full browser: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The headless shell: HEADLESS_SHELL_PATH (empty turns it off), else Debian's. */
const shellPath = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isExecutable = (file: string) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The browser most specs run in. */
export const defaultBrowserPath = shellPath && isExecutable(shellPath) ? shellPath : chromiumPath;

/** For `test.use`: this spec's worker launches the full browser (Web Push, notification permission). */
export const fullChromium = { launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS } };
