/**
 * Parses HTML into the audit's Page summary with htmlparser2's streaming parser (pure JS, no DOM:
 * the same code runs in the server's hooks, the browser and the tests).
 */
import { Parser } from 'htmlparser2';
import { TEXT_CAP, type Page, type PageElement } from './page';
import { resolveRef } from './url';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
/** Elements whose text the audit never needs: skip the bookkeeping for them. */
const MAX_ELEMENTS = 20000;

export function parsePage(html: string, url: string, assetSizes: Record<string, number> = {}): Page {
  const elements: PageElement[] = [];
  const open: PageElement[] = [];
  const jsonLd: unknown[] = [];
  let text = '';
  let wordCount = 0;
  let hidden = 0;
  let scriptBuffer: string | null = null;

  const appendText = (raw: string): void => {
    const chunk = raw.replace(/\s+/g, ' ');
    if (!chunk.trim()) {
      if (chunk && !text.endsWith(' ')) text += ' ';
      return;
    }
    const words = chunk.trim().split(' ').length;
    wordCount += words;
    if (text.length < 200000) text += chunk;
    for (const el of open) {
      el.words += words;
      if (el.text.length < TEXT_CAP) el.text = (el.text + chunk).slice(0, TEXT_CAP);
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el: PageElement = {
          tag: name,
          attrs: attribs,
          text: '',
          words: 0,
          textOffset: text.length,
          ancestors: open.map((o) => o.tag),
        };
        if (elements.length < MAX_ELEMENTS) elements.push(el);
        if (name === 'script' && /ld\+json/i.test(attribs.type ?? '')) scriptBuffer = '';
        if (INVISIBLE.has(name)) hidden += 1;
        if (!VOID.has(name)) open.push(el);
      },
      ontext(data) {
        if (scriptBuffer !== null) scriptBuffer += data;
        if (hidden > 0) {
          // The title is invisible body text but the audit needs it.
          const top = open[open.length - 1];
          if (top && top.tag === 'title' && top.text.length < TEXT_CAP) top.text += data;
          return;
        }
        appendText(data);
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        for (let i = open.length - 1; i >= 0; i -= 1) {
          if (open[i]?.tag === name) {
            open.splice(i).forEach((el) => {
              el.text = el.text.trim();
              if (INVISIBLE.has(el.tag)) hidden -= 1;
            });
            break;
          }
        }
        if (name === 'script' && scriptBuffer !== null) {
          try {
            jsonLd.push(JSON.parse(scriptBuffer));
          } catch {
            // invalid JSON-LD is ignored, like search engines do
          }
          scriptBuffer = null;
        }
        if (/^(p|div|li|h[1-6]|br|td|section|article|header|footer|tr)$/.test(name) && !text.endsWith(' ')) text += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  open.forEach((el) => (el.text = el.text.trim()));

  return {
    url,
    htmlBytes: utf8Length(html),
    elements,
    text: text.replace(/\s+/g, ' ').trim(),
    wordCount,
    jsonLd,
    assetSizes,
  };
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i += 1;
    } else n += 3;
  }
  return n;
}

/** Stylesheet and script URLs the page references, in order, for measuring by size. */
export function assetReferences(page: Page): string[] {
  const out: string[] = [];
  for (const el of page.elements) {
    let ref = '';
    if (el.tag === 'script' && el.attrs.src) ref = el.attrs.src;
    else if (el.tag === 'link' && /\bstylesheet\b/i.test(el.attrs.rel ?? '') && el.attrs.href) ref = el.attrs.href;
    if (!ref) continue;
    const abs = resolveRef(page.url, ref);
    if (abs && !out.includes(abs)) out.push(abs);
  }
  return out;
}
