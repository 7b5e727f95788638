import { attr, byTag, metaContent } from '../page';
import type { Check } from '../types';

export const copywritingChecks: Check[] = [
  {
    id: 'copy-no-title',
    category: 'Copywriting',
    title: 'Write a descriptive page title',
    description:
      'The <title> is missing or too short to say what the page offers; it is the first line visitors read in search results and browser tabs.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [3, 8],
    confidence: 95,
    timeToImplement: '15 minutes',
    run: ({ page }) => {
      const title = byTag(page, 'title')[0]?.text.trim() ?? '';
      return title.length >= 10 ? null : { evidence: title ? { element: '<title>', sample: title } : { missing: '<title>' } };
    },
  },
  {
    id: 'copy-long-title',
    category: 'Copywriting',
    title: 'Shorten the page title',
    description: 'The title is longer than search results show (about 60 characters), so the end of the message is cut off.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 2],
    confidence: 80,
    timeToImplement: '15 minutes',
    run: ({ page }) => {
      const title = byTag(page, 'title')[0]?.text.trim() ?? '';
      return title.length > 65 ? { evidence: { element: '<title>', count: title.length, sample: title.slice(0, 80) } } : null;
    },
  },
  {
    id: 'copy-no-meta-description',
    category: 'Copywriting',
    title: 'Add a compelling meta description',
    description: 'Without a meta description search engines pick a random snippet, and fewer people click through to the page.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 5],
    confidence: 92,
    timeToImplement: '15 minutes',
    run: ({ page }) => {
      const d = metaContent(page, 'description');
      if (d && d.length >= 50) return null;
      return { evidence: d ? { element: '<meta name="description">', count: d.length } : { missing: '<meta name="description">' } };
    },
  },
  {
    id: 'copy-no-h1',
    category: 'Copywriting',
    title: 'Lead with one clear headline',
    description: 'The page has no <h1> headline, so visitors cannot tell within seconds what is offered and why it matters to them.',
    impact: 'High',
    difficulty: 'Easy',
    lift: [4, 10],
    confidence: 90,
    timeToImplement: '30 minutes',
    run: ({ page }) => (byTag(page, 'h1').some((h) => h.text) ? null : { evidence: { missing: '<h1>' } }),
  },
  {
    id: 'copy-multiple-h1',
    category: 'Copywriting',
    title: 'Keep a single main headline',
    description: 'Several <h1> headlines compete; one main promise is clearer for visitors and search engines.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 78,
    timeToImplement: '30 minutes',
    run: ({ page }) => {
      const n = byTag(page, 'h1').filter((h) => h.text).length;
      return n > 1 ? { evidence: { element: '<h1>', count: n } } : null;
    },
  },
  {
    id: 'copy-weak-headline',
    category: 'Copywriting',
    title: 'Make the headline state the value',
    description: "The main headline is generic ('Welcome', 'Home') or too short to carry a value proposition.",
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [5, 12],
    confidence: 75,
    timeToImplement: '1 hour',
    run: ({ page }) => {
      const h1 = byTag(page, 'h1').find((h) => h.text);
      if (!h1) return null;
      const weak = h1.words < 3 || /^(welcome|home|homepage|untitled|hello|hi)\b/i.test(h1.text);
      return weak ? { evidence: { element: '<h1>', sample: h1.text.slice(0, 80) } } : null;
    },
  },
  {
    id: 'copy-wall-of-text',
    category: 'Copywriting',
    title: 'Break up long paragraphs',
    description: 'Paragraphs of more than 120 words are skimmed past; short paragraphs, bullets and subheadings get read.',
    impact: 'Medium',
    difficulty: 'Easy',
    lift: [2, 6],
    confidence: 78,
    timeToImplement: '1-2 hours',
    run: ({ page }) => {
      const long = byTag(page, 'p').filter((p) => p.words > 120);
      return long.length ? { evidence: { element: '<p>', count: long.length } } : null;
    },
  },
  {
    id: 'copy-thin-content',
    category: 'Copywriting',
    title: 'Explain the offer in more depth',
    description: 'The page has very little text: too little to answer the questions a visitor has before converting.',
    impact: 'Medium',
    difficulty: 'Medium',
    lift: [5, 12],
    confidence: 75,
    timeToImplement: '1 day',
    run: ({ page }) => (page.wordCount < 150 ? { evidence: { element: 'visible text', count: page.wordCount } } : null),
  },
  {
    id: 'copy-missing-alt',
    category: 'Copywriting',
    title: 'Describe images with alt text',
    description: 'Images without alt text say nothing to screen readers, search engines or visitors whose images fail to load.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [1, 3],
    confidence: 90,
    timeToImplement: '30 minutes',
    run: ({ signals }) => {
      const missing = signals.images.filter((img) => !('alt' in img.attrs));
      return missing.length ? { evidence: { element: '<img>', count: missing.length, missing: 'alt attribute' } } : null;
    },
  },
  {
    id: 'copy-no-lang',
    category: 'Copywriting',
    title: 'Declare the page language',
    description:
      'The <html> element has no lang attribute, so browsers cannot offer translation correctly and screen readers may mispronounce the copy.',
    impact: 'Low',
    difficulty: 'Easy',
    lift: [0.5, 2],
    confidence: 90,
    timeToImplement: '5 minutes',
    run: ({ page }) => {
      const html = byTag(page, 'html')[0];
      return html && attr(html, 'lang') ? null : { evidence: { missing: '<html lang>' } };
    },
  },
];
