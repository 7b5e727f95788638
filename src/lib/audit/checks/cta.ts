import { attr } from '../page';
import { controlText } from '../signals';
import type { Check } from '../types';

const VAGUE = /^(submit|send|click here|here|go|learn more|read more|more|continue|ok|next)$/i;

export const ctaChecks: Check[] = [
  {
    id: 'cta-missing',
    category: 'CTA',
    title: 'Add a clear primary call to action',
    description:
      'No button or link on the page asks the visitor to act (buy, start, book, sign up, request a demo). Visitors who are ready to convert have nowhere obvious to go.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [15, 30],
    confidence: 92,
    timeToImplement: '1-2 hours',
    run: ({ signals }) => (signals.ctas.length === 0 ? { evidence: { missing: 'call-to-action <button> or <a>', count: 0 } } : null),
  },
  {
    id: 'cta-below-fold',
    category: 'CTA',
    title: 'Move the main call to action above the fold',
    description: 'The first call to action only appears after a long stretch of content, so most visitors never see it without scrolling.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [8, 18],
    confidence: 80,
    timeToImplement: '1-2 hours',
    run: ({ signals, page }) => {
      const first = signals.ctas[0];
      if (!first || first.textOffset < 1200 || page.text.length < 1500) return null;
      return { evidence: { element: `<${first.tag}>`, sample: controlText(first).slice(0, 80), count: first.textOffset } };
    },
  },
  {
    id: 'cta-vague-text',
    category: 'CTA',
    title: 'Replace vague button text with a specific benefit',
    description:
      "Buttons labelled 'Submit', 'Click here' or 'Learn more' say nothing about what the visitor gets. Action-and-benefit wording ('Get my free quote') converts better.",
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [3, 8],
    confidence: 85,
    timeToImplement: '30 minutes',
    run: ({ page }) => {
      const vague = page.elements.filter(
        (el) =>
          (el.tag === 'button' || el.tag === 'a' || (el.tag === 'input' && /^(submit|button)$/i.test(attr(el, 'type')))) &&
          VAGUE.test(controlText(el)),
      );
      const first = vague[0];
      return first ? { evidence: { element: `<${first.tag}>`, sample: controlText(first), count: vague.length } } : null;
    },
  },
  {
    id: 'cta-too-many',
    category: 'CTA',
    title: 'Focus the page on one primary action',
    description: 'Many different calls to action compete for attention; visitors facing too many choices often choose none.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [4, 10],
    confidence: 72,
    timeToImplement: '2-4 hours',
    run: ({ signals }) => {
      const distinct = new Set(signals.ctas.map((c) => controlText(c).toLowerCase()));
      return distinct.size > 7 ? { evidence: { element: 'call-to-action buttons and links', count: distinct.size } } : null;
    },
  },
  {
    id: 'cta-dead-links',
    category: 'CTA',
    title: 'Fix links and buttons that go nowhere',
    description:
      "Links pointing to '#' or 'javascript:' look clickable but lead nowhere without scripts, and frustrate visitors and crawlers.",
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 88,
    timeToImplement: '30 minutes',
    run: ({ signals }) => {
      const dead = signals.links.filter(
        (a) => /^(#|javascript:)/i.test(attr(a, 'href').trim()) && attr(a, 'href').trim().length <= 12 && a.text,
      );
      return dead[0] ? { evidence: { element: '<a href="#">', sample: dead[0].text.slice(0, 60), count: dead.length } } : null;
    },
  },
];
