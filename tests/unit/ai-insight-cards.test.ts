import { describe, expect, it } from 'vitest';
import { buildGrounding, groundingPrompt } from '../../src/lib/ai/grounding';
import { MODEL_EVIDENCE, parseInsightCards } from '../../src/lib/ai/insight-cards';

const card = { title: 'T', description: 'D', impact: 'high', confidence: 81.6, expectedLift: '5-10%', category: 'checkout' };

describe("the model's insight cards", () => {
  it('accepts valid cards and marks them as the model’s', () => {
    expect(parseInsightCards(JSON.stringify({ insights: [card] }))).toEqual([{ ...card, confidence: 82, evidence: MODEL_EVIDENCE }]);
  });

  it('refuses the whole answer when any card is invalid', () => {
    for (const bad of [
      { ...card, impact: 'huge' },
      { ...card, category: 'seo' },
      { ...card, confidence: 101 },
      { ...card, title: '' },
      { ...card, expectedLift: 5 },
    ])
      expect(parseInsightCards(JSON.stringify({ insights: [card, bad] }))).toBeNull();
    expect(parseInsightCards('{"insights": []}')).toBeNull();
    // Markup in the model's text (issue 30, finding 11): refused like any other wrong card.
    for (const bad of [
      { ...card, description: 'Add reviews <img src=x onerror=alert(1)>' },
      { ...card, title: '<b>Bold</b> idea' },
      { ...card, expectedLift: '5%<!--' },
    ])
      expect(parseInsightCards(JSON.stringify({ insights: [bad] }))).toBeNull();
    // A less-than sign is text.
    expect(parseInsightCards(JSON.stringify({ insights: [{ ...card, description: 'Bounce < 40% on mobile, <5 s load' }] }))).toHaveLength(
      1,
    );
    expect(parseInsightCards('Here you go: {')).toBeNull();
  });
});

describe('experiments and documents in the grounding', () => {
  const base = { domain: 'shop.example.com', planTier: 'growth', report: null, scan: null, rules: [], rollbacks: [] };

  it('states each variant against the control', () => {
    const g = buildGrounding({
      ...base,
      experiments: [
        {
          name: 'Bold CTA',
          status: 'running',
          goal: 'Purchase',
          startedAt: '2026-11-01 09:00:00.000Z',
          variants: [
            { name: 'Control', control: true, users: 1200, conversions: 60, rate: 0.05, uplift: null, chanceToBeat: null },
            { name: 'Bold', control: false, users: 1180, conversions: 77, rate: 0.06525, uplift: 0.305, chanceToBeat: 0.962 },
          ],
        },
      ],
      documents: [{ fileName: 'q3.pdf', language: 'en', summary: 'Shipping costs appear too late.' }],
    });
    const prompt = groundingPrompt(g);
    expect(prompt).toContain(
      'Bold CTA (goal Purchase, running since 2026-11-01): Control (control): 1,200 users, 60 conversions, conversion rate 5.00%; Bold: 1,180 users, 77 conversions, conversion rate 6.53%, uplift +30.5%, chance to beat control 96%',
    );
    expect(prompt).toContain('## Analysed documents\nq3.pdf (en): Shipping costs appear too late.');
  });
});
