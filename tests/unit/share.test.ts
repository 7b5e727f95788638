import { describe, expect, it } from 'vitest';
import { articleShareText, popupFeatures, shareUrl, ARTICLE_SHARE_POPUP } from '../../src/lib/share';

const url = 'https://example.com/insights?a=1&b=two words';

describe('shareUrl', () => {
  it('builds an X / Twitter intent with the text and the url', () => {
    expect(shareUrl('x', url, 'Checkout friction - CRO Insights')).toBe(
      'https://twitter.com/intent/tweet?text=Checkout%20friction%20-%20CRO%20Insights&url=https%3A%2F%2Fexample.com%2Finsights%3Fa%3D1%26b%3Dtwo%20words',
    );
  });
  it('builds LinkedIn and Facebook links that carry only the url', () => {
    expect(shareUrl('linkedin', url)).toBe(
      'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fexample.com%2Finsights%3Fa%3D1%26b%3Dtwo%20words',
    );
    expect(shareUrl('facebook', url, 'ignored')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com%2Finsights%3Fa%3D1%26b%3Dtwo%20words',
    );
  });
  it('suffixes article titles and sizes the popup 600x400', () => {
    expect(articleShareText('Trust badges')).toBe('Trust badges - CRO Insights');
    expect(popupFeatures(ARTICLE_SHARE_POPUP)).toBe('width=600,height=400,noopener,noreferrer');
  });
});
