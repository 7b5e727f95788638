import { describe, expect, it } from 'vitest';
import { choiceShares, keywordThemes, maskPersonalText, npsOf, parseAnswer, surveyProblems, THEMES_ENGINE_LABEL } from '../../src/lib';
import { bucket, eligible } from '../../src/survey/eligible';

describe('npsOf', () => {
  it('is % promoters minus % detractors with its 95% interval', () => {
    // 2 promoters, 1 passive, 1 detractor: NPS 25; variance (0.5 + 0.25 - 0.0625) / 4.
    const r = npsOf([10, 9, 7, 3]);
    expect(r).toMatchObject({ responses: 4, promoters: 2, passives: 1, detractors: 1, nps: 25 });
    const half = 1.959964 * Math.sqrt(0.6875 / 4) * 100;
    expect(r.low).toBeCloseTo(25 - half, 0);
    expect(r.high).toBe(100); // 25 + half is past 100: clipped
  });
  it('clips the interval to -100..100 and has no figure without answers', () => {
    expect(npsOf([10, 10, 9])).toMatchObject({ nps: 100, low: 100, high: 100 });
    expect(npsOf([0, 1, 2])).toMatchObject({ nps: -100, low: -100, high: -100 });
    expect(npsOf([])).toMatchObject({ responses: 0, nps: null, low: null, high: null });
    const mixed = npsOf([10, 0]);
    expect(mixed.nps).toBe(0);
    expect(mixed.low).toBe(-100);
    expect(mixed.high).toBe(100);
  });
});

describe('choiceShares', () => {
  it('counts each option among the answers', () => {
    expect(choiceShares(['A', 'B', 'C'], [['A', 'B'], ['A'], ['C']])).toEqual([
      { option: 'A', count: 2, share: 66.7 },
      { option: 'B', count: 1, share: 33.3 },
      { option: 'C', count: 1, share: 33.3 },
    ]);
    expect(choiceShares(['A'], [])).toEqual([{ option: 'A', count: 0, share: 0 }]);
  });
});

describe('maskPersonalText', () => {
  it('masks e-mail addresses and card-like numbers, keeping the shape', () => {
    expect(maskPersonalText('write to jo.e+x@mail.example.org now')).toBe(`write to ${'*'.repeat(23)} now`);
    expect(maskPersonalText('card 4111-1111-1111-1111 and 4111111111111111!')).toBe('card ******************* and ****************!');
    expect(maskPersonalText('order 12345 on 2026-11-26 cost 49.99')).toBe('order 12345 on 2026-11-26 cost 49.99');
  });
});

describe('parseAnswer', () => {
  const nps = { kind: 'nps', options: [] };
  it('takes a score, choices or masked text and refuses the rest', () => {
    expect(parseAnswer(nps, { session: 's', value: 0 })).toEqual({ session: 's', answer: { score: 0, choices: [], text: '' } });
    expect(parseAnswer(nps, { session: 's', value: 10.5 })).toEqual({ error: 'value must be a whole number from 0 to 10' });
    expect(parseAnswer({ kind: 'rating', options: [] }, { session: 's', value: 6 })).toEqual({
      error: 'value must be a whole number from 1 to 5',
    });
    expect(parseAnswer({ kind: 'single', options: ['A', 'B'] }, { session: 's', value: ['A', 'B'] })).toEqual({
      error: 'value must be exactly one of the survey options',
    });
    expect(parseAnswer({ kind: 'multiple', options: ['A', 'B'] }, { session: 's', value: ['B', 'B'] })).toMatchObject({
      answer: { choices: ['B'] },
    });
    expect(parseAnswer({ kind: 'text', options: [] }, { session: 's', value: ' mail a@b.co ' })).toMatchObject({
      answer: { text: 'mail ******' },
    });
    expect(parseAnswer(nps, { session: 'has space', value: 1 })).toHaveProperty('error');
  });
});

describe('surveyProblems', () => {
  it('names each field to fix', () => {
    expect(surveyProblems({ kind: 'nps', question: 'Q?' })).toEqual({});
    expect(surveyProblems({ kind: 'poll' as never, question: '', share: 101, delay_seconds: -1 })).toEqual({
      kind: 'Kind must be one of nps, rating, single, multiple, text',
      question: 'Question is required',
      delay_seconds: 'Delay must be a whole number of seconds from 0 to 3600',
      share: 'Share of visitors must be a whole percentage from 1 to 100',
    });
    expect(surveyProblems({ kind: 'single', question: 'Q', options: ['a', 'A'] }).options).toBe('Options must differ');
    expect(surveyProblems({ kind: 'nps', question: 'Q', options: ['a'] }).options).toBe('Only choice surveys have options');
  });
});

describe('keywordThemes', () => {
  it('clusters answers by their most frequent shared keyword, deterministically', () => {
    const texts = ['Shipping is too expensive', 'shipping took ages', 'The checkout form is long', 'checkout kept failing', 'nice'];
    expect(THEMES_ENGINE_LABEL).toBe('Built-in engine: keyword clusters');
    expect(keywordThemes(texts)).toEqual([
      { keyword: 'checkout', count: 2, examples: ['The checkout form is long', 'checkout kept failing'] },
      { keyword: 'shipping', count: 2, examples: ['Shipping is too expensive', 'shipping took ages'] },
    ]);
    expect(keywordThemes([])).toEqual([]);
  });
});

describe('the widget picks who sees a survey', () => {
  const s = { i: 'abc', k: 'nps', q: 'Q', h: 100, p: ['/pricing'] };
  it('by page, device, share and what the visitor has seen', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64)';
    expect(eligible(s, 'https://x.test/pricing', desktop, 'v1', [])).toBe(true);
    expect(eligible(s, 'https://x.test/', desktop, 'v1', [])).toBe(false);
    expect(eligible(s, 'https://x.test/pricing', desktop, 'v1', ['abc'])).toBe(false);
    expect(eligible({ ...s, d: 'mobile' }, 'https://x.test/pricing', desktop, 'v1', [])).toBe(false);
    const ins = Array.from({ length: 1000 }, (_, i) => eligible({ ...s, h: 30 }, 'https://x.test/pricing', desktop, 'v' + i, [])).filter(
      Boolean,
    ).length;
    expect(ins).toBeGreaterThan(240);
    expect(ins).toBeLessThan(360);
    expect(bucket('v1.abc')).toBe(bucket('v1.abc'));
  });
});
