// The gzip byte budgets of the tracker's builds, read by the build (scripts/build-tracker.mjs fails
// past them) and by the tests that measure the script a site is served, so the two cannot differ.
// Full: 7,146 B before the visual editor's hook + the 150 B its issue allowed.
// Forms: the form analytics chunk (src/forms, 4,019 B gzip when added), loaded only for sites with form analytics.
export const TRACKER_BUDGETS = { core: 3584, full: 7296, recorder: 30720, editor: 61440, forms: 5120 };
