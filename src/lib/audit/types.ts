import type { SiteType } from '../site-type';
import type { Page } from './page';
import type { PageType } from './page-type';
import type { Signals } from './signals';

/** The ten scan categories, in display order. */
export const SCAN_CATEGORIES = [
  'CTA',
  'Checkout',
  'Trust Signals',
  'Copywriting',
  'Social Proof',
  'Form Optimization',
  'Retention',
  'Pricing',
  'Mobile UX',
  'Performance',
] as const;
export type ScanCategory = (typeof SCAN_CATEGORIES)[number];
export type Impact = 'High' | 'Medium' | 'Low';
export type Difficulty = 'Easy' | 'Medium' | 'Hard';

/** What the page showed: the element concerned, how many, or the tag that is missing. */
export interface Evidence {
  element?: string;
  /** A short CSS selector of the element concerned. */
  selector?: string;
  count?: number;
  missing?: string;
  sample?: string;
}

export interface Finding {
  id: string;
  title: string;
  description: string;
  impact: Impact;
  difficulty: Difficulty;
  /** Predicted conversion lift in percent. */
  liftMin: number;
  liftMax: number;
  /** The lift as displayed, e.g. '8-15%'. */
  conversionLift: string;
  category: ScanCategory;
  evidence: Evidence;
  /** How sure the audit is that this applies, in percent. */
  confidence: number;
  timeToImplement: string;
}

export interface CheckContext {
  page: Page;
  signals: Signals;
  siteType: SiteType;
  pageType: PageType;
}

/** A failed check: its evidence, optionally a different confidence or description. */
export interface CheckResult {
  evidence: Evidence;
  confidence?: number;
  impact?: Impact;
  description?: string;
}

export interface Check {
  id: string;
  category: ScanCategory;
  title: string;
  description: string;
  impact: Impact;
  difficulty: Difficulty;
  lift: [number, number];
  confidence: number;
  timeToImplement: string;
  /** Site types the check is about; all when absent. */
  siteTypes?: SiteType[];
  /** Page types the check is about; all when absent. */
  pageTypes?: PageType[];
  /** null when the page passes. */
  run(ctx: CheckContext): CheckResult | null;
}
