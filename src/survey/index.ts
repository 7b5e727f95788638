/**
 * The on-page survey widget, a chunk the full tracker imports at idle time on sites with an active
 * survey (config `y`, pocketbase/surveys). It never runs for visitors the tracker leaves alone (Do
 * Not Track / GPC when the site respects it, opted out); it also stays away for DNT / GPC when the
 * site does not, since asking is more than measuring. One survey per page view, shown at most once
 * per visitor: remembered in localStorage, or in memory only on consent-free sites (the config's
 * `c`), which store nothing on the device and so may ask again on a later page.
 * It renders in a shadow root (the page's styles neither reach nor leak from it), is a labelled
 * dialog that takes focus and gives it back, and closes with Escape.
 */
import { urlPatternMatches } from '../lib/contracts/url-pattern';
import { eligible } from './eligible';
import { render } from './view';
import type { SurveyConfig, WidgetSurvey } from './types';

type Cfg = { k: string; c?: string; y?: SurveyConfig };
type Ids = () => { v: string; s: string };
type Cro = ((...a: unknown[]) => void) & Record<string, unknown>;

const SEEN = 'cro_y';
let memory: string[] = [];

function seenList(cfg: Cfg): string[] {
  if (cfg.c) return memory;
  try {
    return (localStorage.getItem(SEEN) || '').split(',').filter(Boolean);
  } catch (_) {
    return memory;
  }
}

function markSeen(cfg: Cfg, id: string): void {
  memory = [...memory, id];
  if (cfg.c) return;
  try {
    localStorage.setItem(SEEN, [...seenList(cfg), id].slice(-50).join(','));
  } catch (_) {
    /* storage blocked: memory only */
  }
}

function dnt(): boolean {
  const n = navigator as Navigator & { globalPrivacyControl?: boolean };
  return n.doNotTrack === '1' || n.globalPrivacyControl === true;
}

/** Calls `then` once the survey's goal is reached on this page (at once when it has none). */
function afterGoal(s: WidgetSurvey, then: () => void): void {
  const g = s.g;
  if (!g) return then();
  if (g.t === 'url') {
    if (urlPatternMatches(g.m, location.href)) then();
    return;
  }
  if (g.t === 'click' || g.t === 'form') {
    const on = (e: Event) => {
      const t = e.target as Element | null;
      if (t && t.closest && t.closest(g.m)) {
        removeEventListener(g.t === 'click' ? 'click' : 'submit', on, true);
        then();
      }
    };
    addEventListener(g.t === 'click' ? 'click' : 'submit', on, true);
    return;
  }
  // An event goal: the page's own cro('track', name) call.
  const w = window as unknown as { cro?: Cro };
  const cro = w.cro;
  if (!cro) return;
  const wrapped = Object.assign((...a: unknown[]) => {
    if (a[0] === 'track' && a[1] === g.m) then();
    return cro(...a);
  }, cro) as Cro;
  w.cro = wrapped;
}

/** Calls `then` after the survey's delay, then at once or on exit intent. */
function trigger(s: WidgetSurvey, then: () => void): void {
  setTimeout(
    () => {
      if (!s.x) return then();
      const out = (e: MouseEvent) => {
        if (!e.relatedTarget && e.clientY <= 0) {
          document.removeEventListener('mouseout', out);
          then();
        }
      };
      document.addEventListener('mouseout', out);
    },
    (s.a || 0) * 1000,
  );
}

export function r(cfg: Cfg, ids: Ids, optOut: () => boolean): void {
  const y = cfg.y;
  if (!y || dnt() || optOut()) return;
  const { v } = ids();
  const seen = seenList(cfg);
  let shown = false;
  const origin = new URL(import.meta.url).origin;
  for (const s of y.s) {
    if (!eligible(s, location.href, navigator.userAgent, v, seen)) continue;
    afterGoal(s, () =>
      trigger(s, () => {
        if (shown || seenList(cfg).includes(s.i)) return;
        shown = true;
        markSeen(cfg, s.i);
        render(s, (value) => {
          const body = JSON.stringify({ key: cfg.k, survey: s.i, session: ids().s, value, page: location.pathname });
          fetch(origin + '/api/cro/surveys/answer', {
            method: 'POST',
            body,
            keepalive: true,
          }).catch(() => {});
        });
      }),
    );
  }
}
