// The gzip byte budgets of the tracker's builds, read by the build (scripts/build-tracker.mjs fails
// past them) and by the tests that measure the script a site is served, so the two cannot differ.
// Full: 7,146 B before the visual editor's hook + the 150 B its issue allowed.
// Survey: the on-page survey widget (src/survey), imported only on sites with an active survey.
// Forms: the form analytics chunk (src/forms, 4,019 B gzip when added), loaded only for sites with form analytics.
// Ecommerce: the dataLayer chunk (src/ecommerce), imported only on sites that capture ecommerce events.
// Audiences: the full build plus the audience evaluator and its context, served instead of the full
// build only to sites whose rules or tests target an audience (src/tracker/audience.ts) or that run a
// split-URL test (src/tracker/split.ts: the redirect before paint), or that use exclusive groups or a global holdout
// (src/tracker/groups.ts): the "targeting" build; 9,199 -> 9,613 B with all three, budget 9,216 -> 9,728.
export const TRACKER_BUDGETS = {
  core: 3584,
  full: 7296,
  audiences: 9728,
  recorder: 30720,
  ecommerce: 1024,
  forms: 5120,
  survey: 8192,
  editor: 61440,
};
