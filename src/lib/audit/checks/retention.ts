import { namedPlaces } from '../class-names';
import { attr, metaContent } from '../page';
import { wordsPattern } from '../words';
import { defineChecks } from './define';

const CHAT =
  /intercom|drift\.com|crisp\.chat|tawk\.to|zendesk|zdassets|livechat|hs-scripts|tidio|olark|freshchat|chatwoot|gorgias|helpscout/i;
const CHAT_WORDS = wordsPattern(['live chat', 'chat with us', 'chat now', 'whatsapp']);
const SUBSCRIBE = wordsPattern([
  'newsletter',
  'subscribe',
  'sign up for updates',
  'get updates',
  'mailing list',
  'email list',
  'stay in the loop',
  'stay updated',
  'email updates',
]);

const SOCIAL_PLACE = ['social', 'socials', 'facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'pinterest', 'tiktok'];

export const retentionChecks = defineChecks({
  'retention-no-newsletter': ({ signals }) =>
    signals.hasEmailField ||
    signals.structure.controls.some((c) => SUBSCRIBE.test(c.text)) ||
    signals.headings.some((h) => SUBSCRIBE.test(h))
      ? null
      : { evidence: { missing: 'email sign-up field', count: 0 } },

  'retention-no-chat': ({ page }) => {
    const widget = page.elements.some((el) => el.tag === 'script' && CHAT.test(attr(el, 'src')));
    return widget || CHAT_WORDS.test(page.text) ? null : { evidence: { missing: 'chat widget' } };
  },

  // A block named for the networks ('social-icons', 'footer-instagram') holds their links, whatever icons draw them.
  'retention-no-social-links': ({ signals, page }) =>
    signals.socialLinks.length || namedPlaces(page, SOCIAL_PLACE).length ? null : { evidence: { missing: 'social profile links' } },

  'retention-no-open-graph': ({ page }) => {
    const missing = ['og:title', 'og:image'].filter((k) => !metaContent(page, k));
    return missing.length ? { evidence: { missing: missing.map((k) => `<meta property="${k}">`).join(', ') } } : null;
  },

  'retention-no-favicon': ({ page }) =>
    page.elements.some((el) => el.tag === 'link' && /\bicon\b/i.test(attr(el, 'rel')))
      ? null
      : { evidence: { missing: '<link rel="icon">' } },
});
