/**
 * The forms chunk (`/t/f/<hash>.js`): loaded by the core tracker at idle time through the
 * recorder's config slot when the site's plan has form analytics (see
 * src/lib/contracts/form-analytics.ts). It watches every form on the page (watch.ts) and, when the
 * site also records sessions, loads the recorder for the sampled ones exactly as the core would.
 */
import type { FormsLoaderConfig } from '../lib/contracts/form-analytics';
import { sessionSampled } from '../lib/contracts/recorder-config';
import type { Config } from '../tracker/types';
import { watchForms } from './watch';

type Ids = () => { v: string; s: string };
type Recorder = { r: (cfg: Config, i: Ids, o: () => boolean) => void };

export function r(site: Config, ids: Ids, off: () => boolean): void {
  const cfg = site.v as FormsLoaderConfig | undefined;
  if (!cfg) return;
  const origin = new URL(import.meta.url).origin;
  try {
    if (cfg.fa) watchForms(origin + '/api/cro/forms?k=' + site.k, ids, off);
  } catch (_) {
    /* never harm the page */
  }
  const rv = cfg.rv;
  if (rv && sessionSampled(ids().s, rv.s))
    import(/* @vite-ignore */ origin + rv.u).then(
      (m: Recorder) => m.r({ ...site, v: rv }, ids, off),
      () => {},
    );
}
