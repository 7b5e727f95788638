import type { Check } from '../types';
import { checkoutChecks } from './checkout';
import { copywritingChecks } from './copywriting';
import { ctaChecks } from './cta';
import { formChecks } from './forms';
import { mobileChecks } from './mobile';
import { performanceChecks } from './performance';
import { pricingChecks } from './pricing';
import { retentionChecks } from './retention';
import { socialProofChecks } from './social-proof';
import { trustChecks } from './trust';

/** Every check of the audit, grouped by the ten scan categories. */
export const ALL_CHECKS: Check[] = [
  ...ctaChecks,
  ...checkoutChecks,
  ...trustChecks,
  ...copywritingChecks,
  ...socialProofChecks,
  ...formChecks,
  ...retentionChecks,
  ...pricingChecks,
  ...mobileChecks,
  ...performanceChecks,
];
