/**
 * 'Suggest copy' in the visual editor: three alternatives for the selected element's text, grounded
 * in the page (its title, headings, the text around the element) and the site's goal. With a model
 * configured they come from it through a JSON schema; otherwise, or when its answer is unusable,
 * from the built-in engine below, and the editor labels which one answered.
 */
export const COPY_SUGGESTIONS_SCHEMA_NAME = 'copy_suggestions';

export const COPY_SUGGESTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['suggestions'],
  properties: { suggestions: { type: 'array', items: { type: 'string' } } },
} as const;

/** What the editor sends about the element and its page (each part trimmed and capped by the hook). */
export interface CopyContext {
  /** The element's current text. */
  text: string;
  /** Its tag: button, a, h1... (a call to action is worded differently from a headline). */
  tag: string;
  title: string;
  headings: string[];
  /** Text around the element. */
  nearby: string;
  /** The goal the rule or test serves (a rule type, a goal's name, 'revenue'). */
  goal: string;
}

export const MAX_SUGGESTION_LENGTH = 120;

const cap = (s: unknown, n: number) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().slice(0, n) : '');

/** The context as the hook accepts it: strings only, capped, at most 8 headings. */
export function cleanCopyContext(input: unknown): CopyContext | null {
  const o = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const text = cap(o.text, 500);
  if (!text) return null;
  return {
    text,
    tag: cap(o.tag, 20).toLowerCase(),
    title: cap(o.title, 200),
    headings: (Array.isArray(o.headings) ? o.headings : [])
      .slice(0, 8)
      .map((h) => cap(h, 120))
      .filter(Boolean),
    nearby: cap(o.nearby, 600),
    goal: cap(o.goal, 100),
  };
}

export function copySuggestionMessages(c: CopyContext): Array<{ role: string; content: string }> {
  return [
    {
      role: 'system',
      content:
        'You are a conversion copywriter. Rewrite the text of one element of a web page so that more visitors take the action the site wants. ' +
        'Keep the language, tone and meaning of the page; no claims the page does not make; no emojis; each alternative at most ' +
        `${MAX_SUGGESTION_LENGTH} characters and about as long as the original.`,
    },
    {
      role: 'user',
      content:
        `Page title: ${c.title || '(none)'}\nHeadings: ${c.headings.join(' | ') || '(none)'}\nText around the element: ${c.nearby || '(none)'}\n` +
        `Site goal: ${c.goal || 'conversions'}\nElement: <${c.tag || 'element'}> with the text "${c.text}".\n` +
        'Give exactly three different alternatives as JSON that matches the schema.',
    },
  ];
}

/** The model's three suggestions, or null when the answer is unusable. */
export function parseCopySuggestions(content: string, original: string): string[] | null {
  let v: unknown;
  try {
    v = JSON.parse(content);
  } catch (_) {
    return null;
  }
  const list = (v as { suggestions?: unknown })?.suggestions;
  if (!Array.isArray(list)) return null;
  const seen = new Set([original.trim().toLowerCase()]);
  const out: string[] = [];
  for (const s of list) {
    const t = cap(s, 1000);
    if (!t || t.length > MAX_SUGGESTION_LENGTH || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out.length >= 3 ? out.slice(0, 3) : null;
}

const ACTION_TAGS = /^(button|a|input|label)$/;
const REASSURANCE: [RegExp, string][] = [
  [/free (shipping|delivery)/i, 'free delivery'],
  [/free returns?|30-day|money[- ]back/i, 'free returns'],
  [/secure|ssl|encrypted/i, 'secure payment'],
  [/no credit card/i, 'no credit card needed'],
  [/cancel anytime/i, 'cancel anytime'],
];

/**
 * The built-in engine: three rewrites from CRO rules of thumb, grounded only in what the page
 * itself says (a reassurance it already makes is repeated next to the action, never invented).
 * Calls to action: first person, a concrete outcome, the page's own reassurance; headlines and
 * other text: lead with the outcome, address the visitor, shorten.
 */
export function builtinCopySuggestions(c: CopyContext): string[] {
  const text = c.text.replace(/[.!]+$/, '');
  const page = `${c.title} ${c.headings.join(' ')} ${c.nearby}`;
  const reassurance = REASSURANCE.find(([re]) => re.test(page))?.[1] || '';
  const lower = text.charAt(0).toLowerCase() + text.slice(1);
  const out: string[] = [];
  if (ACTION_TAGS.test(c.tag)) {
    const mine = /\b(your|our)\b/i.test(text) ? text.replace(/\b(your|our)\b/i, 'my') : `${text} now`;
    out.push(mine);
    out.push(
      /order|checkout|pay|buy/i.test(page + text)
        ? 'Complete my order'
        : /sign|trial|start/i.test(page + text)
          ? 'Start my free trial'
          : `Yes, ${lower}`,
    );
    out.push(reassurance ? `${text} – ${reassurance}` : `${text} in one click`);
  } else {
    out.push(/\byou/i.test(text) ? text : `Your ${lower}`);
    out.push(reassurance ? `${text}, with ${reassurance}` : `${text}, made simple`);
    const words = text.split(/\s+/);
    out.push(words.length > 6 ? words.slice(0, 6).join(' ') : `${text}: see why it works`);
  }
  const seen = new Set([c.text.trim().toLowerCase()]);
  return out
    .map((s) => s.slice(0, MAX_SUGGESTION_LENGTH))
    .filter((s) => !seen.has(s.toLowerCase()) && (seen.add(s.toLowerCase()), true))
    .concat(['Get started', 'Learn more', 'See how it works'].filter((s) => !seen.has(s.toLowerCase())))
    .slice(0, 3);
}
