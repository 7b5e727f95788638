import { describe, expect, it } from 'vitest';
import { countOf, formatShare, placeClicks } from '../../src/lib/heatmap';

describe('placeClicks', () => {
  it('places each bin inside its element’s box as laid out now, and names the elements not found', () => {
    const boxes: Record<string, { left: number; top: number; width: number; height: number }> = {
      'button#buy': { left: 100, top: 400, width: 200, height: 40 },
      'h1.title': { left: 0, top: 50, width: 1000, height: 80 },
    };
    const got = placeClicks(
      [
        { selector: 'button#buy', x: 0.525, y: 0.525, clicks: 3 },
        { selector: 'button#buy', x: 0.975, y: 0.025, clicks: 1 },
        { selector: 'h1.title', x: 0.125, y: 0.225, clicks: 2 },
        { selector: 'div.gone', x: 0.5, y: 0.5, clicks: 7 },
      ],
      (s) => boxes[s] ?? null,
    );
    expect(got.points).toEqual([
      { selector: 'button#buy', x: 205, y: 421, clicks: 3 },
      { selector: 'button#buy', x: 295, y: 401, clicks: 1 },
      { selector: 'h1.title', x: 125, y: 68, clicks: 2 },
    ]);
    expect(got.missing).toEqual(['div.gone']);
  });

  it('looks each element up once', () => {
    let lookups = 0;
    placeClicks(
      [
        { selector: 'a', x: 0.5, y: 0.5, clicks: 1 },
        { selector: 'a', x: 0.1, y: 0.5, clicks: 1 },
      ],
      () => (lookups++, { left: 0, top: 0, width: 10, height: 10 }),
    );
    expect(lookups).toBe(1);
  });
});

describe('formatShare', () => {
  it('shows whole percents, one decimal under 10%', () => {
    expect([formatShare(0), formatShare(0.05), formatShare(0.0512), formatShare(0.75), formatShare(1)]).toEqual([
      '0%',
      '5.0%',
      '5.1%',
      '75%',
      '100%',
    ]);
  });
});

describe('countOf', () => {
  it('says one click and many clicks', () => {
    expect([countOf(0, 'click'), countOf(1, 'click'), countOf(1234, 'page view')]).toEqual(['0 clicks', '1 click', '1,234 page views']);
  });
});
