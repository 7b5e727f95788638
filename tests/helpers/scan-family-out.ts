/**
 * The scan's checks as an unseen template family meets them: each tuning page typed by a site-type
 * model fitted without its family (the committed regularization and offset), then audited with that
 * type and its confidence. A mistyped page's advice is what at first sight made most false findings,
 * and the committed model has seen every tuning family, so its own typing hides them.
 */
import { auditPage } from '../../src/lib/audit';
import { decideWithModel, SITE_TYPE_MODEL, type SiteTypeModel } from '../../src/lib/audit/site-type-model';
import type { SiteType } from '../../src/lib/site-type';
import type { Page } from '../../src/lib/audit';
import { pageAndHomeEvidence, scoreCorpus, type CorpusCase, type CorpusLabel } from './scan-corpus';
import { trainingRows } from './site-type-cv';
import { fitModel } from './site-type-fit';

export interface FamilyOutType {
  siteType: SiteType;
  confidence: number;
}

/** For tuning labels: a page's type and confidence by the model fitted on the other families. */
export function familyOutTyping(labels: CorpusLabel[]): (page: Page, label: CorpusLabel) => FamilyOutType {
  const rows = trainingRows(labels);
  const familyOf = new Map(rows.map((r) => [r.id, r.family]));
  const options = { lambda: SITE_TYPE_MODEL.training.lambda, generalOffset: SITE_TYPE_MODEL.generalOffset };
  const models = new Map<string, SiteTypeModel>();
  for (const family of new Set(familyOf.values()))
    models.set(
      family,
      fitModel(
        rows.filter((r) => r.family !== family),
        options,
      ),
    );
  return (page, label) => {
    const model = models.get(familyOf.get(label.id)!)!;
    const d = decideWithModel(model, pageAndHomeEvidence(page, label.url));
    return { siteType: d.siteType, confidence: d.probability };
  };
}

/** The tuning pages scored as audited with their family-out type and its confidence. */
export function scoreFamilyOut(labels: CorpusLabel[]): CorpusCase[] {
  const typing = familyOutTyping(labels);
  return scoreCorpus(labels, (page, label) => {
    const t = typing(page, label);
    return auditPage(page, { siteType: t.siteType, siteTypeConfidence: t.confidence });
  });
}
