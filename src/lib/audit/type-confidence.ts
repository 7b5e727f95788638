/**
 * Advice about what a page lacks for its site type ("no cart", "no pricing", "no opening hours")
 * is only as right as the type: on a mistyped page every such finding is false, and at first sight
 * about half the scan's false findings were these. So a check scoped to site types that reports
 * only an absence runs on a page whose type the model is confident of; a finding that points at
 * something on the page (a password field without guest checkout, prices without an anchor) stays.
 */
import type { Check, Finding } from './types';

/**
 * The type's probability (site-type-model.ts decideWithModel) below which absences go unreported.
 * Chosen on the tuning half with each template family typed by a model fitted without it
 * (`SCAN_CORPUS_CV=1 npm run bench -- scan-corpus`, `_family_out_` figures), never on the blind half.
 */
export const CONFIDENT_SITE_TYPE = 0.5;

/** Whether the finding states only that something is missing (nothing on the page to point at). */
export function reportsAbsence(f: Pick<Finding, 'evidence'>): boolean {
  const e = f.evidence;
  return !!e.missing && !e.element && !e.selector && !e.sample;
}

/** Whether the finding needs a confidently decided site type: a type-scoped check reporting an absence. */
export function needsConfidentType(check: Pick<Check, 'siteTypes'>, f: Pick<Finding, 'evidence'>): boolean {
  return !!check.siteTypes && reportsAbsence(f);
}

/**
 * The page types a page may be when nothing on it or in its path says which (decidePageType's
 * fallback, reported as a landing page): an inner page of prose, a listing or a landing page.
 */
export const UNDECIDED_PAGE_TYPES = ['landing', 'article', 'category'] as const;

/**
 * Whether the finding needs a page type decided by evidence: an absence reported by a check scoped
 * to page types that leaves out one of the types an undecided page may be ("no contact details"
 * holds for a landing page, not for an article or a listing). On a page typed by the fallback it
 * would be as often false as right.
 */
export function needsDecidedPageType(check: Pick<Check, 'pageTypes'>, f: Pick<Finding, 'evidence'>): boolean {
  return !!check.pageTypes && !UNDECIDED_PAGE_TYPES.every((t) => (check.pageTypes as readonly string[]).includes(t)) && reportsAbsence(f);
}
