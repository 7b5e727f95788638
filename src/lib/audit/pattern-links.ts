/**
 * Which pattern of the CRO library (cro_patterns, seeded from pb_hooks/lib/cro_patterns.json)
 * fixes what a finding reports: the dashboard scan turns such a finding into an optimization rule
 * in one click.
 */
export const FINDING_PATTERNS: Readonly<Record<string, string>> = {
  'cta-vague-text': 'Benefit-led call to action',
  'cta-below-fold': 'Sticky call-to-action bar',
  'cta-too-many': 'Remove navigation on landing pages',
  'copy-no-h1': 'Value proposition headline',
  'copy-weak-headline': 'Value proposition headline',
  'social-no-logos': 'Customer logos near the hero',
  'social-no-testimonials': 'Testimonial beside the call to action',
  'social-no-ratings': 'Review rating near product title',
  'trust-no-guarantee': 'Money-back guarantee statement',
  'form-too-many-fields': 'Fewer form fields',
  'form-unlabelled-fields': 'Visible labels instead of placeholders',
  'checkout-no-guest': 'Guest checkout first',
  'checkout-no-payment-options': 'Payment method icons',
  'checkout-no-shipping-returns': 'Show total cost early',
  'pricing-no-anchor': 'Price anchoring with a premium tier',
  'pricing-no-free-entry': 'Free-trial reassurance',
};

export function patternNameFor(findingId: string): string | null {
  return FINDING_PATTERNS[findingId] ?? null;
}
