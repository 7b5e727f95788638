// The website audit: pure TypeScript checks over a parsed Page. Pages are parsed on the server, in Go
// (pocketbase/htmlpage); the tests audit pages parsed by the same code (tests/helpers/audit-pages.ts).
export * from './types';
export type { Page, PageElement } from './page';
export { assetReferences } from './assets';
export { resolveRef, hostOf, urlForStorage } from './url';
export { computeSignals } from './signals';
export {
  decideSiteType,
  decideWithHome,
  detectSiteType,
  siteDecisionOfPages,
  siteTypeEvidence,
  siteTypeOfPages,
  type SiteTypeEvidence,
  type SiteTypeResult,
} from './site-type';
export { SITE_TYPE_MODEL, type SiteTypeModel } from './site-type-model';
export { detectPageType, PAGE_TYPE_LABELS, type PageType } from './page-type';
export { auditPage, expectedLift, findingScore, hasEvidence, type AuditOptions, type AuditResult } from './audit';
export { homeOfSameSite, homeUrlsOf, isSiteRoot, readHome, type HomeFetch } from './site-home';
export * from './present';
export * from './combine';
export { ALL_CHECKS } from './checks';
export * from './pattern-links';
export * from './site-pages';
