// What the server's hooks need of the audit: everything but the HTML parser (the server parses
// in Go, pocketbase/htmlpage), which keeps htmlparser2 out of the hooks bundle.
export * from './types';
export type { Page, PageElement } from './page';
export { assetReferences } from './assets';
export { resolveRef, hostOf, urlForStorage } from './url';
export { computeSignals } from './signals';
export { detectSiteType, type SiteTypeResult } from './site-type';
export { auditPage, expectedLift, findingScore, type AuditResult } from './audit';
export * from './present';
export * from './combine';
export { ALL_CHECKS } from './checks';
export * from './pattern-links';
