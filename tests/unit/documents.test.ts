import { describe, expect, it } from 'vitest';
import { DOCUMENT_ACCEPT, formatFileSize, isAcceptedDocument } from '../../src/lib/documents/accept';
import { builtinDocumentAnalysis, sentencesOf } from '../../src/lib/documents/analysis';
import { documentAnalysisMessages, MODEL_TEXT_CHARS, parseDocumentAnalysis } from '../../src/lib/documents/model';

const REVIEW = [
  'Quarterly review of the online store and its conversion funnel.',
  'Customers abandon the checkout because the shipping costs appear too late.',
  'Most visitors arrive on mobile phones, and the product pages load slowly on those devices.',
  'We recommend showing the delivery price on the product page and adding customer reviews near the buy button.',
  'Returning customers convert twice as often as new visitors, so the newsletter should offer a welcome discount.',
].join('\n\n');

describe('accepted documents', () => {
  it('takes the nine extensions in any case and nothing else', () => {
    expect(DOCUMENT_ACCEPT).toBe('.pdf,.doc,.docx,.txt,.md,.csv,.xlsx,.xls,.pptx');
    for (const name of ['a.PDF', 'b.docx', 'c.Md', 'report.final.xlsx']) expect(isAcceptedDocument(name)).toBe(true);
    for (const name of ['setup.exe', 'photo.png', 'noextension', 'archive.zip', 'x.pdf.exe']) expect(isAcceptedDocument(name)).toBe(false);
  });

  it('shows sizes as B, KB and MB with one decimal', () => {
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(20 * 1024 * 1024)).toBe('20.0 MB');
  });
});

describe('the built-in analysis', () => {
  it('is deterministic and draws its summary from the text, in the order written', () => {
    const a = builtinDocumentAnalysis(REVIEW);
    expect(builtinDocumentAnalysis(REVIEW)).toEqual(a);
    const sentences = sentencesOf(REVIEW);
    const picked = sentences.filter((s) => a.summary.includes(s));
    expect(picked.length).toBe(3);
    expect(a.summary).toBe(picked.join(' '));
  });

  it('recommends by the themes the text raises and scores the opportunity', () => {
    const a = builtinDocumentAnalysis(REVIEW);
    expect(a.recommendations[0]).toBe(
      'We recommend showing the delivery price on the product page and adding customer reviews near the buy button.',
    );
    expect(a.recommendations).toContain('Show the full price, shipping included, before checkout and offer a guest checkout.');
    expect(a.recommendations).toContain('Put reviews, ratings and guarantees next to the main call to action.');
    expect(a.recommendations.length).toBeLessThanOrEqual(5);
    expect(a.keyInsights).toContain('Customers abandon the checkout because the shipping costs appear too late.');
    expect(a.opportunityScore).toBe(10);
    const plain = builtinDocumentAnalysis('The meeting starts at ten and the room is on the second floor of the building.');
    expect(plain.opportunityScore).toBe(2);
    expect(plain.recommendations).toEqual(['Share this document with the team and turn its main finding into one A/B test hypothesis.']);
  });

  it('reads table rows as sentences', () => {
    expect(sentencesOf('section | note\n1 | Customers abandon the checkout | because of shipping')).toEqual([
      'Customers abandon the checkout, because of shipping',
    ]);
  });
});

describe("the model's document analysis", () => {
  const valid = { summary: 'S.', keyInsights: ['I'], recommendations: ['R'], opportunityScore: 7.25 };

  it('accepts a valid answer, rounding the score to one decimal', () => {
    expect(parseDocumentAnalysis(JSON.stringify(valid))).toEqual({ ...valid, opportunityScore: 7.3 });
  });

  it('refuses answers that break the schema', () => {
    for (const bad of [
      'not json',
      '[]',
      JSON.stringify({ ...valid, summary: '' }),
      JSON.stringify({ ...valid, keyInsights: [] }),
      JSON.stringify({ ...valid, recommendations: ['ok', 3] }),
      JSON.stringify({ ...valid, opportunityScore: 11 }),
      JSON.stringify({ ...valid, opportunityScore: '7' }),
    ])
      expect(parseDocumentAnalysis(bad)).toBeNull();
  });

  it('sends at most a bounded part of the text', () => {
    const messages = documentAnalysisMessages('a.txt', 'en', 'x'.repeat(MODEL_TEXT_CHARS + 500));
    expect(messages[1]!.content.length).toBeLessThan(MODEL_TEXT_CHARS + 400);
  });
});
