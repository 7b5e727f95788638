import { describe, expect, it } from 'vitest';
import { insightPreview, INSIGHT_MONTHS } from '../../src/lib/insights';

describe('insightPreview', () => {
  it('keeps the first 300 characters of the text and adds an ellipsis', () => {
    const preview = insightPreview('a'.repeat(400));
    expect(preview).toBe(`${'a'.repeat(300)}...`);
  });
  it('shows markdown as readable text', () => {
    expect(insightPreview('## Why it matters\n\nRead **the study** in [our guide](/x).\n\n- one\n- two')).toBe(
      'Why it matters. Read the study in our guide. one two...',
    );
  });
  it("keeps a heading's own punctuation", () => {
    expect(insightPreview('## Is it worth it?\nYes.')).toBe('Is it worth it? Yes....');
  });
  it('lists the three months, October 2025 first', () => {
    expect(INSIGHT_MONTHS.map((m) => m.label)).toEqual(['October 2025', 'September 2025', 'August 2025']);
  });
});
