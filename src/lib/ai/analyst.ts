/**
 * The built-in analyst: answers when no model is configured (the default). It is a set of
 * deterministic rules over the site's grounding and the pattern library, not a language model:
 * it answers the four quick questions and questions about the site's own figures, and says
 * plainly what it cannot answer.
 */
import { experimentLine, type Grounding } from './grounding';
import { count } from './figures';
import { cartStepClaims, isCartOrCheckoutPath, stepClaimLine } from './funnel-steps';

export const ANALYST_NAME = 'Built-in analyst';

/** The quick-question buttons: the label shown and the question sent. */
export const QUICK_QUESTIONS = [
  { topic: 'ab_testing', label: 'A/B testing best practices', question: 'What are the A/B testing best practices for my site?' },
  { topic: 'landing_pages', label: 'Landing page optimization', question: 'How can I optimize my landing pages?' },
  { topic: 'metrics', label: 'Key CRO metrics', question: 'What are the key CRO metrics for my site?' },
  { topic: 'cart_abandonment', label: 'Reduce cart abandonment', question: 'How do I reduce cart abandonment?' },
] as const;

export type Topic =
  (typeof QUICK_QUESTIONS)[number]['topic'] | 'experiments' | 'documents' | 'devices' | 'pages' | 'scan' | 'rules' | 'unknown';

/** A pattern of the library as the analyst reads it (pb_hooks/lib/cro_patterns.json). */
export interface AnalystPattern {
  name: string;
  description: string;
  category: string;
  tags: string[];
  impact: string;
  predicted_lift_min: number;
  predicted_lift_max: number;
  confidence: number;
}

const TOPIC_WORDS: Array<[Topic, RegExp]> = [
  [
    'experiments',
    /\b(running (a\/b )?(tests?|experiments?)|my (a\/b )?(tests?|experiments?)|(test|experiment) results?|winning|winner|which variant|how (is|are) (my|the) (a\/b )?(tests?|experiments?))/,
  ],
  ['documents', /\b(documents?|uploaded|upload|files?|pdf)\b/],
  ['ab_testing', /\b(a\/b|ab test|split test|experiment|variant|sample size|significan)/],
  ['cart_abandonment', /\b(cart|checkout|abandon|basket)/],
  ['landing_pages', /\b(landing|hero|above the fold|headline|bounce)/],
  ['devices', /\b(mobile|desktop|tablet|device|phone)/],
  ['pages', /\b(page|pages|url|path)s?\b/],
  ['scan', /\b(scan|finding|audit|issue)/],
  ['rules', /\b(rule|rollback|rolled back|optimization|deploy)/],
  ['metrics', /\b(metric|kpi|conversion rate|cvr|figure|number|stat|visitor|session|revenue|traffic|perform|how (is|are) (my|the) site)/],
];

/** The topic of a question, by its words (the quick questions map to their own topics). */
export function classifyQuestion(question: string): Topic {
  const q = question.toLowerCase();
  const quick = QUICK_QUESTIONS.find((x) => x.question.toLowerCase() === q.trim() || x.label.toLowerCase() === q.trim());
  if (quick) return quick.topic;
  for (const [topic, words] of TOPIC_WORDS) if (words.test(q)) return topic;
  return 'unknown';
}

const topPatterns = (patterns: AnalystPattern[], match: (p: AnalystPattern) => boolean, n = 3) =>
  patterns
    .filter(match)
    .sort((a, b) => b.confidence - a.confidence || b.predicted_lift_max - a.predicted_lift_max || a.name.localeCompare(b.name))
    .slice(0, n);

const patternLines = (list: AnalystPattern[]) =>
  list.map(
    (p) => `- ${p.name} (${p.impact} impact, ${p.predicted_lift_min}-${p.predicted_lift_max}% predicted lift, ${p.confidence}% confidence)`,
  );

function noTraffic(g: Grounding): string {
  return `${g.domain} has no recorded traffic in the last ${g.days} days yet, so I cannot quote its figures. Install the tracking script (Speed & Tracking) and ask again once visits arrive.`;
}

function figuresLine(g: Grounding): string {
  const f = g.figures!;
  return `In the last ${g.days} days ${g.domain} had ${f.visitors} visitors, ${f.sessions} sessions and ${f.conversions} conversions: a conversion rate of ${f.conversionRate} (${f.conversionRateChange} vs the previous ${g.days} days), a bounce rate of ${f.bounceRate}, an average session of ${f.avgDuration} and an average scroll depth of ${f.avgScroll}. Revenue: ${f.revenue}.`;
}

/** Sessions each variant needs to detect a 10% relative lift (95% confidence, 80% power; Lehr's rule). */
export function sessionsPerVariant(conversionRatePercent: number): number {
  const p = conversionRatePercent / 100;
  if (p <= 0 || p >= 1) return 0;
  const delta = 0.1 * p;
  return Math.ceil((16 * p * (1 - p)) / (delta * delta));
}

function abTesting(g: Grounding, sessionsPerDay: number, cvr: number): string[] {
  const lines = [
    'A/B testing best practices:',
    '1. Test one hypothesis at a time, written down before the test starts (what changes, for whom, which metric should move).',
    '2. Decide the sample size and the duration in advance, run whole weeks, and do not stop early when the result looks good.',
    '3. Use one primary metric (conversions per session) and watch guardrails (errors, bounce rate, revenue).',
    '4. Roll out gradually and keep automatic rollback on, so a harmful variant is switched off by itself.',
  ];
  if (!g.figures) return [...lines, '', noTraffic(g)];
  const n = sessionsPerVariant(cvr);
  lines.push('', figuresLine(g));
  if (n > 0 && sessionsPerDay > 0) {
    const days = Math.max(7, Math.ceil((2 * n) / sessionsPerDay));
    lines.push(
      `At a conversion rate of ${g.figures.conversionRate}, detecting a 10% relative lift needs about ${count(n)} sessions per variant. With ${g.figures.sessions} sessions in ${g.days} days (about ${count(sessionsPerDay)} a day), a two-variant test needs about ${count(days)} days.`,
    );
  } else lines.push('Without conversions yet, a sample size cannot be estimated: set up a conversion goal first.');
  return lines;
}

function landingPages(g: Grounding, patterns: AnalystPattern[]): string[] {
  const lines = ['Landing page optimization:'];
  if (!g.figures) lines.push(noTraffic(g));
  else {
    lines.push(figuresLine(g));
    const bouncy = [...g.topPages].sort((a, b) => parseFloat(b.bounceRate) - parseFloat(a.bounceRate)).slice(0, 3);
    if (bouncy.length) {
      lines.push('Your top pages by bounce rate on entry (start with the highest):');
      for (const p of bouncy) lines.push(`- ${p.path}: bounce rate ${p.bounceRate}, ${p.views} views, conversion rate ${p.conversionRate}`);
    }
  }
  lines.push('Patterns from the library that fit landing pages:');
  lines.push(
    ...patternLines(
      topPatterns(patterns, (p) => p.category === 'conversion' || p.tags.includes('landing-page') || p.tags.includes('hero')),
    ),
  );
  return lines;
}

function metrics(g: Grounding): string[] {
  if (!g.figures)
    return ['Key CRO metrics: conversion rate, bounce rate, average session duration, scroll depth, revenue per visitor.', noTraffic(g)];
  const lines = ['Key CRO metrics for your site:', figuresLine(g)];
  if (g.topPages.length) {
    lines.push('Top converting pages:');
    for (const p of g.topPages)
      lines.push(`- ${p.path}: ${p.views} views, ${p.conversions} conversions, conversion rate ${p.conversionRate}`);
  }
  if (g.devices.length)
    lines.push(`Devices: ${g.devices.map((d) => `${d.device} ${d.share} of sessions (conversion rate ${d.conversionRate})`).join(', ')}.`);
  lines.push(
    'Watch the conversion rate first, then the bounce rate of your entry pages and the conversion rate by device: the largest gap is usually the cheapest win.',
  );
  return lines;
}

function cartAbandonment(g: Grounding, patterns: AnalystPattern[]): string[] {
  const lines = ['Reducing cart abandonment:'];
  const checkout = g.topPages.filter((p) => isCartOrCheckoutPath(p.path));
  const steps = cartStepClaims(g.funnelSources);
  if (!g.figures) lines.push(noTraffic(g));
  else {
    lines.push(figuresLine(g));
    if (checkout.length) {
      lines.push('Your cart and checkout pages among your top converting pages (conversions recorded on the page itself):');
      for (const p of checkout)
        lines.push(`- ${p.path}: ${p.views} views, ${p.conversions} conversions, conversion rate ${p.conversionRate}`);
    } else if (!steps.length) lines.push('None of your top converting pages is a cart or checkout page.');
    if (steps.length) {
      lines.push(`How many visitors go on from your cart and checkout pages (Funnels, last ${g.days} days):`);
      for (const c of steps) lines.push(`- ${stepClaimLine(c)}`);
    } else
      lines.push(
        'No funnel starts a step from a cart or checkout page, so I cannot measure abandonment from these figures: create one on the Funnels screen (for example /cart, then /checkout) to see how many visitors go on.',
      );
  }
  lines.push('Patterns from the library for checkout:');
  lines.push(...patternLines(topPatterns(patterns, (p) => p.category === 'checkout' || p.tags.includes('checkout'))));
  return lines;
}

function devices(g: Grounding): string[] {
  if (!g.devices.length) return [g.figures ? `No device data has been recorded for ${g.domain} yet.` : noTraffic(g)];
  return [
    `Sessions by device on ${g.domain} (last ${g.days} days):`,
    ...g.devices.map((d) => `- ${d.device}: ${d.sessions} sessions (${d.share}), conversion rate ${d.conversionRate}`),
  ];
}

function pages(g: Grounding): string[] {
  if (!g.topPages.length) return [noTraffic(g)];
  return [
    `Top converting pages of ${g.domain} (last ${g.days} days):`,
    ...g.topPages.map(
      (p) =>
        `- ${p.path}: ${p.views} views, ${p.conversions} conversions, conversion rate ${p.conversionRate}, bounce rate ${p.bounceRate}`,
    ),
  ];
}

function scan(g: Grounding): string[] {
  if (!g.findings.length) return ['There is no website scan of your site yet. Run one from the Overview to get ranked opportunities.'];
  return [
    `The latest scan (${g.scannedAt}) found:`,
    ...g.findings.map((f) => `- ${f.title} (${f.impact} impact${f.lift ? `, ${f.lift} predicted lift` : ''})`),
  ];
}

function rules(g: Grounding): string[] {
  const lines = g.rules.length
    ? ['Enabled optimization rules:', ...g.rules.map((r) => `- ${r.name}: rollout ${r.rollout}, health ${r.health}`)]
    : ['No optimization rules are enabled.'];
  if (g.rollbacks.length) lines.push('Recent rollbacks:', ...g.rollbacks.map((r) => `- ${r.day} (${r.type}): ${r.reason}`));
  else lines.push('No rollbacks recently.');
  return lines;
}

function experiments(g: Grounding): string[] {
  if (g.experiments === null) return ['Experiment results are not available on this installation.'];
  if (!g.experiments.length)
    return ['No A/B test is running on your site. Create one from A/B Tests to compare a change against the current page.'];
  const lines = ['Your running A/B tests:', ...g.experiments.map((x) => `- ${experimentLine(x)}`)];
  lines.push(
    'A variant is a winner only once its chance to beat control reaches 95% with a sound traffic split; until then keep the test running for whole weeks.',
  );
  return lines;
}

function documents(g: Grounding): string[] {
  if (!g.documents.length) return ['No analysed documents yet. Upload a report or research file on the Overview and ask again.'];
  return ['Your latest analysed documents:', ...g.documents.map((d) => `- ${d.fileName} (${d.language}): ${d.summary}`)];
}

const CANNOT =
  "I am the built-in analyst: I answer from your site's own figures and the pattern library, not from a language model, and I cannot answer that question. Ask about A/B testing, your running tests, landing pages, your key metrics, cart abandonment, devices, top pages, your latest scan, your documents or your rules.";

/** The built-in analyst's whole answer to a question. */
export function analystAnswer(question: string, g: Grounding, patterns: AnalystPattern[]): string {
  const topic = classifyQuestion(question);
  const sessions = g.figures ? Number(g.figures.sessions.replace(/,/g, '')) : 0;
  const cvr = g.figures ? parseFloat(g.figures.conversionRate) : 0;
  const byTopic: Record<Topic, () => string[]> = {
    ab_testing: () => abTesting(g, sessions / g.days, cvr),
    landing_pages: () => landingPages(g, patterns),
    metrics: () => metrics(g),
    cart_abandonment: () => cartAbandonment(g, patterns),
    devices: () => devices(g),
    pages: () => pages(g),
    scan: () => scan(g),
    rules: () => rules(g),
    experiments: () => experiments(g),
    documents: () => documents(g),
    unknown: () => [CANNOT],
  };
  return byTopic[topic]().join('\n');
}

/** The answer in pieces of a few words, streamed like a model's answer. */
export function streamPieces(text: string, wordsPerPiece = 6): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}
