/**
 * The audit's last step: every quote a finding shows is checked against the parsed page (quoted.ts,
 * the rule the corpus bench scores by). An excerpt the page does not have is re-cut at a word
 * boundary to its longest beginning the page has, or dropped; a selector keeps only the parts whose
 * ids and classes the page has; an element whose tag is not on the page is dropped. The finding
 * itself (its count, what is missing, its description) stays: only a pointer that would show the
 * user something the page does not have goes.
 */
import type { Page } from './page';
import { compoundParts, CSS_NAME, elementFound, normQuote, sampleFound, selectorFound, type QuoteSource } from './quoted';
import type { Evidence, Finding } from './types';

/** The parsed page as a source: its text, its elements' text and attribute values, ids and classes as the elements carry them. */
export function pageSource(page: Page): QuoteSource {
  let text: string | undefined;
  let pieces: string[] | undefined;
  let ids: Set<string> | undefined;
  let classes: Set<string> | undefined;
  let tags: Set<string> | undefined;
  return {
    hasText(part) {
      text ??= normQuote(page.text);
      if (text.includes(part)) return true;
      pieces ??= page.elements.flatMap((el) => [el.text, ...Object.values(el.attrs)].filter(Boolean).map(normQuote));
      return pieces.some((p) => p.includes(part));
    },
    hasId(id) {
      // As written: an id with spaces around it is not the one a selector names.
      ids ??= new Set(page.elements.flatMap((el) => (el.attrs.id ? [el.attrs.id.toLowerCase()] : [])));
      return ids.has(id);
    },
    hasClass(name) {
      classes ??= new Set(page.elements.flatMap((el) => (el.attrs.class ?? '').toLowerCase().split(/\s+/).filter(Boolean)));
      return classes.has(name);
    },
    hasTag(tag) {
      tags ??= new Set(page.elements.map((el) => el.tag.toLowerCase()));
      return tags.has(tag);
    },
  };
}

/** Fewest words a re-cut excerpt keeps: a shorter one says nothing about where it is. */
const MIN_WORDS = 2;

/** The sample as found, re-cut to its longest beginning the page has, or undefined. */
function recut(sample: string, on: QuoteSource): string | undefined {
  if (sampleFound(sample, on)) return sample;
  const lead = sample.startsWith('…') ? '…' : '';
  const words = sample.replace(/^…|…$/g, '').trim().split(/\s+/);
  for (let n = words.length - 1; n >= MIN_WORDS; n--) {
    const cut = `${lead}${words.slice(0, n).join(' ')}…`;
    if (sampleFound(cut, on)) return cut;
  }
  return undefined;
}

/** The selector with each compound part that names something the page lacks (or no plain name) cut to its tag. */
function repairSelector(selector: string, on: QuoteSource): string | undefined {
  if (selectorFound(selector, on)) return selector;
  const parts = compoundParts(selector)
    .map((part) => {
      const plain = new RegExp(`^[a-z0-9-]*(?:[#.]${CSS_NAME})*$`, 'i').test(part);
      return plain && selectorFound(part, on) ? part : (/^[a-z0-9-]+/i.exec(part)?.[0] ?? '');
    })
    .filter(Boolean);
  const repaired = parts.join(' ');
  return repaired && selectorFound(repaired, on) ? repaired : undefined;
}

/** The evidence with every pointer as the page has it. */
export function guardEvidence(e: Evidence, on: QuoteSource): Evidence {
  const out: Evidence = { ...e };
  if (e.sample) out.sample = recut(e.sample, on);
  if (e.selector) out.selector = repairSelector(e.selector, on);
  if (e.element && !elementFound(e.element, on)) out.element = undefined;
  for (const k of ['sample', 'selector', 'element'] as const) if (out[k] === undefined) delete out[k];
  return out;
}

export function guardFindings(findings: Finding[], page: Page): Finding[] {
  const on = pageSource(page);
  return findings.map((f) => ({ ...f, evidence: guardEvidence(f.evidence, on) }));
}
