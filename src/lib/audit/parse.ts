/**
 * Parses HTML into the audit's Page summary with htmlparser2's streaming parser (pure JS, no DOM:
 * the same code runs in the server's hooks, the browser and the tests).
 */
import { Parser } from 'htmlparser2';
import { TEXT_CAP, type Page, type PageElement } from './page';

/** htmlparser2's void elements: closed as soon as they open. */
const VOID = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is skipped (the Go tokenizer reads it as raw text). */
const SKIPPED = new Set(['noscript', 'iframe', 'noembed', 'noframes', 'xmp', 'plaintext']);
const INVISIBLE = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);
const BLOCK = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'td', 'section', 'article', 'header', 'footer', 'tr']);
/** Bounds on what is kept of very large pages (the checks need presence, not every node). */
const MAX_ELEMENTS = 20000;
const MAX_TEXT = 200000;

export function parsePage(html: string, url: string, assetSizes: Record<string, number> = {}): Page {
  const elements: PageElement[] = [];
  const open: PageElement[] = [];
  const jsonLd: unknown[] = [];
  // The visible text is collected in parts (repeated string concatenation is quadratic in goja
  // and flattens V8 ropes); `textLength` and `lastChar` avoid reading it back.
  const parts: string[] = [];
  let textLength = 0;
  let lastChar = ' ';
  let wordCount = 0;
  let hidden = 0;
  let scriptBuffer: string | null = null;

  const push = (chunk: string): void => {
    if (!chunk || textLength >= MAX_TEXT) return;
    parts.push(chunk);
    textLength += chunk.length;
    lastChar = chunk.charAt(chunk.length - 1);
  };

  const appendText = (raw: string): void => {
    const chunk = raw.replace(/\s+/g, ' ');
    const trimmed = chunk.trim();
    if (!trimmed) {
      if (chunk && lastChar !== ' ') push(' ');
      return;
    }
    const words = trimmed.split(' ').length;
    wordCount += words;
    push(chunk);
    for (const el of open) {
      el.words += words;
      if (el.text.length < TEXT_CAP) el.text = (el.text + chunk).slice(0, TEXT_CAP);
    }
  };

  let pending = '';
  /** Inside noscript, iframe and the like: their content is not part of the page. */
  let rawSkip: string | null = null;
  const flush = (): void => {
    if (pending) appendText(pending);
    pending = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        flush();
        if (rawSkip) return;
        const el: PageElement = {
          tag: name,
          attrs: attribs,
          text: '',
          words: 0,
          textOffset: textLength,
          ancestors: open.map((o) => o.tag),
        };
        if (elements.length < MAX_ELEMENTS) elements.push(el);
        if (name === 'script' && /ld\+json/i.test(attribs.type ?? '')) scriptBuffer = '';
        if (VOID.has(name)) return;
        if (INVISIBLE.has(name)) hidden += 1;
        if (SKIPPED.has(name)) rawSkip = name;
        open.push(el);
      },
      ontext(data) {
        if (rawSkip) return;
        if (scriptBuffer !== null) scriptBuffer += data;
        if (hidden > 0) {
          // The title is invisible body text but the audit needs it.
          const top = open[open.length - 1];
          if (top && top.tag === 'title' && top.text.length < TEXT_CAP) top.text += data;
          return;
        }
        pending += data;
      },
      onclosetag(name) {
        flush();
        if (rawSkip) {
          if (name !== rawSkip) return;
          rawSkip = null;
        }
        if (!VOID.has(name)) {
          for (let i = open.length - 1; i >= 0; i -= 1) {
            if (open[i]?.tag === name) {
              open.splice(i).forEach((el) => {
                el.text = el.text.trim();
                if (INVISIBLE.has(el.tag)) hidden -= 1;
              });
              break;
            }
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
        if (lastChar !== ' ' && BLOCK.has(name)) push(' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  flush();

  return {
    url,
    htmlBytes: utf8Length(html),
    elements,
    text: parts.join('').replace(/\s+/g, ' ').trim(),
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
