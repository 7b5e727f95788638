import { attr, metaContent } from '../page';
import { linksMatching } from '../signals';
import type { Check } from '../types';

const CHAT = /intercom|drift\.com|crisp\.chat|tawk\.to|zendesk|zdassets|livechat|hs-scripts|tidio|olark|freshchat|chatwoot/i;

export const retentionChecks: Check[] = [
  {
    id: 'retention-no-newsletter',
    category: 'Retention',
    title: 'Capture emails of visitors not ready to buy',
    description: 'There is no newsletter or email sign-up, so visitors who leave today cannot be brought back.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [3, 7],
    confidence: 80,
    timeToImplement: '1-2 hours',
    run: ({ signals, page }) =>
      signals.hasEmailField || /newsletter|subscribe/i.test(page.text) ? null : { evidence: { missing: 'email sign-up field', count: 0 } },
  },
  {
    id: 'retention-no-chat',
    category: 'Retention',
    title: 'Offer live chat or instant help',
    description: 'No chat widget or instant help channel was found; questions left unanswered become lost conversions.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [4, 9],
    confidence: 65,
    timeToImplement: '2-4 hours',
    run: ({ page }) => {
      const widget = page.elements.some((el) => el.tag === 'script' && CHAT.test(attr(el, 'src')));
      return widget || /live chat|chat with us|whatsapp/i.test(page.text) ? null : { evidence: { missing: 'chat widget' } };
    },
  },
  {
    id: 'retention-no-social-links',
    category: 'Retention',
    title: 'Link your social profiles',
    description: 'No links to social profiles were found; following the brand keeps visitors in touch after they leave.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 75,
    timeToImplement: '15 minutes',
    run: ({ signals }) =>
      linksMatching(
        signals,
        /facebook\.com|instagram\.com|twitter\.com|\/\/(www\.)?x\.com|linkedin\.com|youtube\.com|tiktok\.com|pinterest\./i,
      ).length
        ? null
        : { evidence: { missing: 'social profile links' } },
  },
  {
    id: 'retention-no-open-graph',
    category: 'Retention',
    title: 'Add sharing previews (Open Graph)',
    description: 'Without og:title and og:image, links to this page shared in chats and social networks show no picture or headline.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 88,
    timeToImplement: '30 minutes',
    run: ({ page }) => {
      const missing = ['og:title', 'og:image'].filter((k) => !metaContent(page, k));
      return missing.length ? { evidence: { missing: missing.map((k) => `<meta property="${k}">`).join(', ') } } : null;
    },
  },
  {
    id: 'retention-no-favicon',
    category: 'Retention',
    title: 'Add a favicon',
    description: 'The page declares no icon, so it is hard to find again among open tabs and bookmarks.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [0.5, 1.5],
    confidence: 85,
    timeToImplement: '15 minutes',
    run: ({ page }) =>
      page.elements.some((el) => el.tag === 'link' && /\bicon\b/i.test(attr(el, 'rel')))
        ? null
        : { evidence: { missing: '<link rel="icon">' } },
  },
];
