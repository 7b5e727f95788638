/** The A/B Tests screen's notice on the Free plan, shown on the list and in the wizard alike. */
export const FREE_PLAN_TESTS = 'Starting an A/B test requires a paid plan. You can prepare tests as drafts.';
