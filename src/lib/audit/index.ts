export * from './types';
export type { Page, PageElement } from './page';
export { parsePage, assetReferences } from './parse';
export { resolveRef, hostOf } from './url';
export { computeSignals } from './signals';
export { detectSiteType, type SiteTypeResult } from './site-type';
export { auditHtml, auditPage, expectedLift, findingScore, type AuditResult } from './audit';
export * from './present';
export { ALL_CHECKS } from './checks';
