/**
 * Heatmaps: the device classes a page is drawn for, and where a click lands on the page's
 * rendering. The server counts clicks per element (the tracker's selector) and offset bin (the
 * bin's centre as fractions of the element's width and height: pocketbase/eventstore/clickmap);
 * the rendering places each bin in the element's box as it is laid out now, so clicks made at any
 * viewport width land on the element they were made on.
 */
import { pluralize } from './format';

export const DEVICE_CLASSES = ['desktop', 'tablet', 'mobile'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const DEVICE_LABELS: Record<DeviceClass, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' };

/**
 * The viewport width each class is rendered at (CSS px); the server's classes are viewports under
 * 768 px (mobile), under 1024 px (tablet) and the rest (desktop).
 */
export const DEVICE_WIDTHS: Record<DeviceClass, number> = { desktop: 1280, tablet: 820, mobile: 390 };

export interface ClickBin {
  selector: string;
  /** The bin's centre as fractions (0-1) of the element's width and height. */
  x: number;
  y: number;
  clicks: number;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface HeatPoint {
  selector: string;
  /** Page coordinates (CSS px) in the rendering. */
  x: number;
  y: number;
  clicks: number;
}

/**
 * The points of the heat layer: each bin placed in its element's box (page coordinates), and the
 * selectors not found on the page as it is now (renamed or removed elements).
 */
export function placeClicks(
  bins: readonly ClickBin[],
  boxOf: (selector: string) => Box | null,
): { points: HeatPoint[]; missing: string[] } {
  const boxes = new Map<string, Box | null>();
  const points: HeatPoint[] = [];
  const missing: string[] = [];
  for (const b of bins) {
    if (!boxes.has(b.selector)) {
      const box = boxOf(b.selector);
      boxes.set(b.selector, box);
      if (!box) missing.push(b.selector);
    }
    const box = boxes.get(b.selector);
    if (box) points.push({ selector: b.selector, x: box.left + b.x * box.width, y: box.top + b.y * box.height, clicks: b.clicks });
  }
  return { points, missing };
}

/** A share (0-1) as the screens show it: a whole percent, one decimal under 10%. */
export function formatShare(share: number): string {
  const pct = share * 100;
  return `${pct > 0 && pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
}

/** "1 click", "5 clicks": a count with its noun (format.ts's pluralize, for nouns with a plain plural). */
export function countOf(n: number, noun: string): string {
  return pluralize(n, noun);
}
