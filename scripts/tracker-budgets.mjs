// The gzip byte budgets of the tracker's builds, read by the build (scripts/build-tracker.mjs fails
// past them) and by the tests that measure the script a site is served, so the two cannot differ.
// Full: 7,146 B before the visual editor's hook + the 150 B its issue allowed.
// Survey: the on-page survey widget (src/survey), imported only on sites with an active survey.
// Ecommerce: the dataLayer chunk (src/ecommerce), imported only on sites that capture ecommerce events.
export const TRACKER_BUDGETS = { core: 3584, full: 7296, recorder: 30720, ecommerce: 1024, survey: 8192, editor: 61440 };
