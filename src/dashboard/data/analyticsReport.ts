/** The analytics report's types (src/lib/contracts) and the ranges the Analytics screen offers. */
export type * from '../../lib/contracts/analytics-report';

export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];
