/**
 * The one place that decides what a rule's change may put into a visitor's page: an allowlist of
 * elements and attributes, URL schemes, CSS that loads nothing from outside, and the elements a
 * change may land on (targetProblem: never a script, style, link... and URL or `type` attributes
 * only where they load or run nothing). The server (validateRuleChanges, run by the hooks) refuses
 * any change this calls unsafe, reading what it can statically (the selector's tags); the tracker
 * applies the same policy again to what it receives, on the element the change actually lands on
 * and on the browser's own inert parse of the HTML, so that a change the server's reading missed
 * still never runs. The edge's Go twin is pocketbase/edge/policy.go. Tighten it here and all
 * follow. Cases: tests/fixtures/xss-vectors.json, tests/fixtures/contracts/change-targets.json.
 */
import type { RuleChange } from './rule-change';

/**
 * Elements no change may land on (and ELEMENTS lacks them, so none is inserted): they run, load or
 * hold code or the page's metadata, or are parsed in another namespace.
 */
export const SEALED = /^(script|style|link|meta|base|i?frame|object|embed|template|noscript|svg|math)$/;
/** The only elements whose URL attributes (URL_ATTRIBUTES) a change may set. */
const URL_ELEMENTS = /^(a|img|source|video|audio|track)$/;

/** Elements a change's HTML may hold: text, layout, links, media. No SVG/MathML, forms, frames, scripts or styles. */
const ELEMENTS =
  ' a abbr article aside audio b bdi bdo blockquote br button caption cite code col colgroup dd del details dfn div dl dt em ' +
  'figcaption figure footer h1 h2 h3 h4 h5 h6 header hr i img ins kbd label li main mark nav ol p picture pre q s samp section small ' +
  'source span strong sub summary sup table tbody td tfoot th thead time tr track u ul var video wbr ';

/** Attributes a change may set (besides aria-* and data-*); those in URL_ATTRIBUTES hold a URL, `style` holds CSS. */
const ATTRIBUTES =
  ' alt autocomplete class colspan controls datetime dir for height hidden href id inputmode lang loading loop muted open placeholder playsinline poster rel reversed role ' +
  'rowspan sizes span src srcset start style target title type width cite ';
/** Whether a space-separated list holds a name (plain strings, so the tracker's core build drops them). */
const listed = (list: string, name: string) => !/\s/.test(name) && list.indexOf(' ' + name + ' ') >= 0;
const URL_ATTRIBUTES = /^(href|src|srcset|poster|cite)$/;
const SAFE_SCHEMES = /^(https?|mailto|tel)$/i;

const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ', amp: '&', sol: '/', quest: '?', num: '#' };

/** Decodes character references as a browser would in an attribute value (the named ones that can spell a scheme). */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (m, e: string) => {
    if (e[0] !== '#') return NAMED[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '\ufffd';
  });
}

/**
 * Why a URL may not be used, or ''. Browsers drop tabs, newlines and leading control characters
 * from a URL before reading its scheme, so the scheme is read only after removing all of them. A
 * value from HTML source is decoded first (htmlProblem); one set as an attribute is taken as it
 * is, as setAttribute takes it, and any `&` before its scheme's colon refuses it.
 */
export function urlProblem(value: string): string {
  const url = value.replace(/[\0- \x7f-\xa0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f\u3000\ufeff]/g, '');
  const head = url.split(/[/?#]/)[0] || '';
  const colon = head.indexOf(':');
  if (colon >= 0 && !SAFE_SCHEMES.test(head.slice(0, colon))) return `the ${head.slice(0, colon).toLowerCase()}: scheme is not allowed`;
  if (colon < 0 && head.indexOf('&') >= 0) return 'an encoded URL scheme is not allowed';
  return '';
}

/** Why CSS (a stylesheet, a declaration value or a style attribute) may not be used, or ''. */
export function cssProblem(css: string): string {
  // Comments and escapes would otherwise hide `url(` (u\72 l, ur/**/l) from the checks below.
  const plain = css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16) || 0xfffd))
    .replace(/\\([\s\S])/g, '$1');
  const load = /url\s*\(|@import|image-set|image\s*\(|expression\s*\(|-moz-binding|behavior\s*:|javascript:|src\s*\(/i.exec(plain);
  if (load) return `CSS may not load outside resources (${load[0].replace(/\s+/g, '')})`;
  if (/\[\s*value|(input|textarea|select|option)[^{},]*\[/i.test(plain)) return 'CSS may not select inputs by their attributes';
  return '';
}

/**
 * Why an element's attribute may not be set, or ''. With the element's tag (lower case), also
 * whether that element may have it: URL attributes only on URL_ELEMENTS, `type` never on a script
 * or an input (it would run a data script, or show a password).
 */
export function attributeProblem(name: string, value: string, tag?: string): string {
  const n = name.toLowerCase();
  if (
    (!listed(ATTRIBUTES, n) && !/^(aria|data)-[a-z0-9_.-]+$/.test(n)) ||
    (tag && (URL_ATTRIBUTES.test(n) ? !URL_ELEMENTS.test(tag) : n == 'type' && /^(script|input)$/.test(tag)))
  )
    return `the ${name} attribute is not allowed` + (tag ? ` on <${tag}>` : '');
  if (n === 'style') return cssProblem(value);
  if (n === 'srcset')
    return (
      value
        .split(',')
        .map((c) => urlProblem(c.trim().split(/\s/)[0] || ''))
        .find(Boolean) || ''
    );
  return URL_ATTRIBUTES.test(n) ? urlProblem(value) : '';
}

/** The change types that change the element itself (insertions go beside it; CSS and redirects are page-wide). */
export const CHANGES_ELEMENT = /^(set_|hide)/;

/**
 * Why a change may not land on an element with this tag name (lower case; `foreign`: an SVG or
 * MathML element), or ''. The tracker and the edge ask it of each element a change lands on; the
 * server of the tags a selector names. Sanitized HTML inserted beside an element leaves it as it is
 * (a banner before a page's first child, often a <noscript> or an SVG sprite sheet).
 */
export const targetProblem = (tag: string, c: RuleChange, foreign?: boolean): string =>
  !CHANGES_ELEMENT.test(c.type)
    ? ''
    : foreign || SEALED.test(tag)
      ? `no change may touch a <${tag}> element`
      : c.type == 'set_attribute'
        ? attributeProblem(c.name || '', c.value || '', tag)
        : '';

/** Why an element may not be in a change's HTML, or ''. */
export const elementProblem = (name: string) =>
  listed(ELEMENTS, name.toLowerCase()) ? '' : `the <${name.toLowerCase()}> element is not allowed`;

/**
 * The server's reading of a change's HTML, without a DOM: why it may not be used, or ''. It
 * tokenizes tags and attributes as the HTML parser does, and refuses comments and declarations
 * outright; anything it misreads is still filtered by the tracker's walk of the real parse.
 */
export function htmlProblem(html: string): string {
  const tag = /<(\/?)([a-zA-Z][^\t\n\f\r />]*)|<[!?]/g;
  const attr =
    /[\t\n\f\r /]*(?:(>)|([^\t\n\f\r />][^\t\n\f\r />=]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"?|'([^']*)'?|([^\t\n\f\r >]*)))?)/y;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(html))) {
    if (!m[2]) return 'comments and declarations are not allowed in HTML';
    const problem = elementProblem(m[2]);
    if (problem) return problem;
    attr.lastIndex = tag.lastIndex;
    let a: RegExpExecArray | null;
    while ((a = attr.exec(html)) && a[2]) {
      const p = attributeProblem(a[2], decodeEntities(a[3] ?? a[4] ?? a[5] ?? ''), m[1] ? undefined : m[2].toLowerCase());
      if (p) return p;
    }
    tag.lastIndex = attr.lastIndex || tag.lastIndex;
    if (!a) break;
  }
  return '';
}

/**
 * The tracker's copy of a change's HTML: parsed inert in a <template> (nothing loads or runs),
 * then walked against the allowlist, dropping elements and attributes the policy refuses and
 * every non-text node. `each` sees every element kept (the tracker marks them so that a rule
 * never applies to its own output). The nodes themselves are inserted, never re-serialized.
 */
export function sanitizeChangeHtml(html: string, each: (el: Element) => void): DocumentFragment {
  const t = document.createElement('template');
  t.innerHTML = html;
  const walk = (parent: Node) => {
    for (const n of Array.from(parent.childNodes) as Node[]) {
      const el = n as Element;
      if (n.nodeType !== 1) {
        if (n.nodeType !== 3) parent.removeChild(n);
      } else if (!(el instanceof HTMLElement) || !listed(ELEMENTS, el.localName)) parent.removeChild(n);
      else {
        for (const a of Array.from(el.attributes) as Attr[])
          if (attributeProblem(a.name, a.value, el.localName)) el.removeAttribute(a.name);
        each(el);
        walk(el);
      }
    }
  };
  walk(t.content);
  return t.content;
}

/**
 * The server's static reading of a selector (the tracker and the edge check the element itself):
 * `named`, every tag it names anywhere (inside :is(), :not()... too), and `subjects`, the tag of
 * the element each of its comma-separated selectors lands on, '' where that has no type selector
 * (`#__NEXT_DATA__`, `[type]`). Strings and attribute selectors are taken out first, then CSS
 * escapes decoded (`scr\69 pt` is script), all lower case.
 */
export function selectorTags(selector: string): { named: string[]; subjects: string[] } {
  const q = selector
    .replace(/"(?:\\[\s\S]|[^"\\])*"?|'(?:\\[\s\S]|[^'\\])*'?/g, '""')
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ')
    .replace(/\[[^\]]*\]?/g, '[]')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16) || 0xfffd))
    .replace(/\\([\s\S])/g, '$1')
    .toLowerCase();
  const named = Array.from(q.matchAll(/(?:^|[\s>+~,(|])([a-z][a-z0-9-]*)/g), (m) => m[1]!);
  const subjects: string[] = [];
  let depth = 0;
  let start = 0; // where the current compound starts
  for (let i = 0; i <= q.length; i++) {
    const c = q[i] ?? ',';
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth <= 0 && /[\s>+~]/.test(c)) start = i + 1;
    else if (depth <= 0 && c === ',') {
      subjects.push(/^(?:[a-z*-]*\|)?([a-z][a-z0-9-]*)/.exec(q.slice(start, i))?.[1] ?? '');
      start = i + 1;
    }
  }
  return { named, subjects };
}

/** `type` values a change may set: a button's, a list's numbering, a media source's type. Never a script's. */
const TYPE_VALUES = /^(submit|reset|button|[1aai]|(audio|video|image)\/[a-z0-9.+-]+(\s*;.*)?)$/;

/** Why a selector may not be used (it names an element no change may touch), or ''. */
export function selectorProblem(selector: string): string {
  const sealed = selectorTags(selector).named.find((t) => SEALED.test(t));
  return sealed ? `it names <${sealed}>, and no change may touch a <${sealed}> element` : '';
}

/**
 * What the server can tell of a change on a selector before any page exists, or '': a change the
 * tag of the selector's subject may not take, a `type` value that is not one of TYPE_VALUES. The
 * tracker and the edge check every element anyway: a selector such as `#__NEXT_DATA__` or `[type]`
 * names no tag.
 */
export function staticTargetProblem(selector: string, c: RuleChange): string {
  if (c.type === 'set_attribute' && (c.name || '').toLowerCase() === 'type' && !TYPE_VALUES.test((c.value || '').trim().toLowerCase()))
    return 'the type attribute may only be submit, reset, button, a list numbering (1, a, A, i, I) or an audio, video or image type';
  return (
    selectorTags(selector)
      .subjects.map((t) => (t ? targetProblem(t, c) : ''))
      .find(Boolean) || ''
  );
}
