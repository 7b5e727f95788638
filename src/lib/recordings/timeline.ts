/** The replay timeline's marks: page views, clicks and errors of a recording's rrweb events. */

export type MarkKind = 'page' | 'click' | 'error';

export interface TimelineMark {
  kind: MarkKind;
  /** Milliseconds from the recording's first event. */
  at: number;
  label: string;
}

interface RrwebLike {
  type: number;
  timestamp: number;
  data?: { source?: number; type?: number; href?: string; tag?: string; payload?: { href?: string; message?: string } };
}

// rrweb's numbers: Meta 4, Custom 5, IncrementalSnapshot 3 with source MouseInteraction 2, type Click 2.
export function timelineMarks(events: readonly RrwebLike[]): TimelineMark[] {
  if (!events.length) return [];
  const start = events.reduce((m, e) => Math.min(m, e.timestamp), Infinity);
  const marks: TimelineMark[] = [];
  for (const e of events) {
    const at = e.timestamp - start;
    const d = e.data ?? {};
    if (e.type === 4 && d.href) marks.push({ kind: 'page', at, label: pathOf(d.href) });
    else if (e.type === 5 && d.tag === 'page' && d.payload?.href) marks.push({ kind: 'page', at, label: pathOf(d.payload.href) });
    else if (e.type === 5 && d.tag === 'error') marks.push({ kind: 'error', at, label: d.payload?.message || 'Error' });
    else if (e.type === 3 && d.source === 2 && d.type === 2) marks.push({ kind: 'click', at, label: 'Click' });
  }
  return marks.sort((a, b) => a.at - b.at);
}

function pathOf(href: string): string {
  try {
    return new URL(href).pathname;
  } catch {
    return href;
  }
}
