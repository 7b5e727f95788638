import { auditPage, type AuditResult } from './audit';
import { parsePage } from './parse';

/** Parses and audits HTML fetched from url; assetSizes are measured stylesheet/script sizes. */
export function auditHtml(html: string, url: string, assetSizes: Record<string, number> = {}): AuditResult {
  return auditPage(parsePage(html, url, assetSizes));
}
