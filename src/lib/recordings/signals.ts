/**
 * A session's frustration signals as the server stores them (pocketbase/frustration, computed in
 * the background from the session's events): their labels, and their place on a recording's
 * timeline for the player, which marks each and jumps to it.
 */

export const SIGNAL_KINDS = ['rage', 'dead', 'error_click', 'quick_back', 'excessive_scroll'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** One signal: kind, time (Unix ms), page path and, for clicks, the element's selector. */
export interface StoredSignal {
  k: SignalKind;
  t: number;
  p: string;
  s?: string;
}

export const SIGNAL_LABELS: Record<SignalKind, string> = {
  rage: 'Rage click',
  dead: 'Dead click',
  error_click: 'Error click',
  quick_back: 'Quick back',
  excessive_scroll: 'Excessive scrolling',
};

export interface SignalMark {
  kind: SignalKind;
  /** Milliseconds from the recording's first event (clamped to the recording). */
  at: number;
  label: string;
}

/** The signals placed on a recording that starts at `start` (Unix ms) and lasts `total` ms. */
export function signalMarks(signals: readonly StoredSignal[] | null | undefined, start: number, total: number): SignalMark[] {
  if (!signals || !Number.isFinite(start)) return [];
  return signals
    .filter((s) => (SIGNAL_KINDS as readonly string[]).includes(s.k) && Number.isFinite(s.t))
    .map((s) => ({
      kind: s.k,
      at: Math.max(0, Math.min(total, s.t - start)),
      label: `${SIGNAL_LABELS[s.k]} on ${s.p}${s.s ? ` (${s.s})` : ''}`,
    }))
    .sort((a, b) => a.at - b.at);
}
