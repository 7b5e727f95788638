/** Funnel definitions (the dialog's and the hook's one check) and the rates the screen derives from the server's counts. */
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  funnelStepRates,
  lastCalendarDays,
  overallConversion,
  validateFunnel,
  worstDropOffStep,
} from '../../src/lib/funnels';
import { rankFunnelSuggestions } from '../../src/lib/funnel-optimize';

const GOAL = 'abcdefghij12345';
const page = (match: string) => ({ kind: 'page', match });

describe('validateFunnel', () => {
  it('normalizes a valid funnel and fills the defaults', () => {
    expect(validateFunnel({ name: ' Checkout ', steps: [page(' / '), { kind: 'goal', goal: GOAL }] }, [GOAL])).toEqual({
      ok: true,
      value: {
        name: 'Checkout',
        description: '',
        steps: [
          { kind: 'page', match: '/' },
          { kind: 'goal', goal: GOAL },
        ],
        window_days: 7,
        step_order: 'ordered',
      },
    });
  });

  it.each([
    [{ name: '', steps: [page('/'), page('/a')] }, 'Give the funnel a name'],
    [{ name: 'x', steps: [page('/')] }, 'A funnel has 2 to 10 steps'],
    [{ name: 'x', steps: 'nope' }, 'A funnel has 2 to 10 steps'],
    [{ name: 'x', steps: [page('/'), { kind: 'goal', goal: 'zzzzzzzzzzzzzzz' }] }, "Step 2: choose one of this site's goals"],
    [{ name: 'x', steps: [page('/'), page('a b')] }, 'Step 2: URL pattern may not contain spaces or control characters'],
    [{ name: 'x', steps: [page('/'), page('/a')], window_days: 91 }, 'The conversion window is a whole number of days from 1 to 90'],
    [{ name: 'x', steps: [page('/'), page('/a')], step_order: 'sideways' }, 'The step order is ordered, strict or any'],
  ])('refuses %j', (input, error) => {
    expect(validateFunnel(input, [GOAL])).toEqual({ ok: false, error });
  });
});

describe('funnel rates', () => {
  const steps = [100, 60, 30, 24].map((users) => ({ users, medianSeconds: 0 }));

  it('conversion from the previous and the first step, and drop-off', () => {
    expect(funnelStepRates(steps).map((s) => [s.conversionRate, s.fromFirst, s.dropOff])).toEqual([
      [100, 100, 0],
      [60, 60, 40],
      [50, 30, 50],
      [80, 24, 20],
    ]);
    expect(overallConversion(steps)).toBe(24);
  });

  it('without visitors every rate is 0 and no step is the worst', () => {
    const none = [0, 0].map((users) => ({ users, medianSeconds: 0 }));
    expect(funnelStepRates(none).map((s) => s.conversionRate)).toEqual([0, 0]);
    expect(overallConversion(none)).toBe(0);
    expect(worstDropOffStep(none)).toBe(-1);
  });

  it('the worst step is the one losing the largest share of the previous step', () => {
    expect(worstDropOffStep(steps)).toBe(2);
  });

  it('durations read as the screen shows them', () => {
    expect([45, 200, 7500, 273600].map(formatDuration)).toEqual(['45s', '3m 20s', '2h 5m', '3d 4h']);
  });
});

describe('rankFunnelSuggestions', () => {
  const patterns = [
    { id: 'p1', name: 'Bigger CTA', category: 'conversion', tags: [], avg_lift: 30 },
    { id: 'p2', name: 'Express checkout', category: 'checkout', tags: [], avg_lift: 12 },
  ];
  const findings = [{ id: 'f1', title: 'No trust badges at checkout', category: 'Trust Signals', liftMin: 5, liftMax: 9 }];

  it('puts changes that fit the step first, then by lift', () => {
    expect(rankFunnelSuggestions('/cart', patterns, findings).map((s) => s.id)).toEqual(['p2', 'f1', 'p1']);
    expect(rankFunnelSuggestions('/blog/*', patterns, findings).map((s) => s.id)).toEqual(['p1', 'p2', 'f1']);
  });
});

describe('lastCalendarDays', () => {
  const at = new Date('2026-03-10T12:00:00Z');
  it("counts the days of the site's calendar, today included", () => {
    expect(lastCalendarDays(7, 'UTC', at)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastCalendarDays(7, 'Pacific/Kiritimati', at)).toEqual({ from: '2026-03-05', to: '2026-03-11' });
    expect(lastCalendarDays(30, 'America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toEqual({ from: '2026-01-30', to: '2026-02-28' });
  });
  it('falls back to UTC for an empty or unknown zone', () => {
    expect(lastCalendarDays(1, '', at)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(lastCalendarDays(1, 'Mars/Olympus', at)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });
});
