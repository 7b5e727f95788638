import type { Config } from './types';

/** True when this visitor must not be tracked: DNT/GPC (if the site honours them), bots, no key. */
export function blocked(cfg: Config): boolean {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = n.doNotTrack === '1' || (window as { doNotTrack?: string }).doNotTrack === '1' || n.globalPrivacyControl === true;
  return !cfg.k || (cfg.dnt && dnt) || n.webdriver === true || /bot|crawl|spider|slurp|headless|lighthouse/i.test(n.userAgent);
}
