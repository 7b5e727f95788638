// The Chromium that e2e tests and Lighthouse drive: Debian's binary unless CHROMIUM_PATH says
// otherwise, headless and quiet (no sandbox in containers, no GPU, no background traffic).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
