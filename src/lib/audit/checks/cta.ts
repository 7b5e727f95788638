import { attr } from '../page';
import { controlText } from '../signals';
import { defineChecks } from './define';

const VAGUE = /^(submit|send|click here|here|go|learn more|read more|more|continue|ok|next)$/i;

export const ctaChecks = defineChecks({
  'cta-missing': ({ signals }) =>
    signals.ctas.length === 0 ? { evidence: { missing: 'call-to-action <button> or <a>', count: 0 } } : null,

  'cta-below-fold': ({ signals, page }) => {
    const first = signals.ctas[0];
    if (!first || first.textOffset < 1200 || page.text.length < 1500) return null;
    return { evidence: { element: `<${first.tag}>`, sample: controlText(first).slice(0, 80), count: first.textOffset } };
  },

  'cta-vague-text': ({ page }) => {
    const vague = page.elements.filter(
      (el) =>
        (el.tag === 'button' || el.tag === 'a' || (el.tag === 'input' && /^(submit|button)$/i.test(attr(el, 'type')))) &&
        VAGUE.test(controlText(el)),
    );
    const first = vague[0];
    return first ? { evidence: { element: `<${first.tag}>`, sample: controlText(first), count: vague.length } } : null;
  },

  'cta-too-many': ({ signals }) => {
    const distinct = new Set(signals.ctas.map((c) => controlText(c).toLowerCase()));
    return distinct.size > 7 ? { evidence: { element: 'call-to-action buttons and links', count: distinct.size } } : null;
  },

  'cta-dead-links': ({ signals }) => {
    const dead = signals.links.filter(
      (a) => /^(#|javascript:)/i.test(attr(a, 'href').trim()) && attr(a, 'href').trim().length <= 12 && a.text,
    );
    return dead[0] ? { evidence: { element: '<a href="#">', sample: dead[0].text.slice(0, 60), count: dead.length } } : null;
  },
});
