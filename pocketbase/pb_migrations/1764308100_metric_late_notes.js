// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Settled metrics' late mark with a count of its notes (issue 32): a settled metric's header keeps
// the mark its computation saw, so that a read recomputes from the mark only the metrics computed
// before its last note. Before, a metric computed after a bulk import of old events (every one of
// them late) recomputed every visitor on each read until a pass cleared the mark. The mark is now
// cleared by emptying `since` (the count stays); existing marks count 1, so that no header written
// before (late_notes 0) takes them as seen.
migrate(
  (app) => {
    for (const sql of [
      'ALTER TABLE metric_late ADD COLUMN notes INTEGER NOT NULL DEFAULT 0',
      'UPDATE metric_late SET notes = 1',
      "ALTER TABLE metric_settled ADD COLUMN late_since TEXT NOT NULL DEFAULT ''",
      'ALTER TABLE metric_settled ADD COLUMN late_notes INTEGER NOT NULL DEFAULT 0',
    ]) {
      app.db().newQuery(sql).execute();
    }
  },
  (app) => {
    for (const sql of [
      "DELETE FROM metric_late WHERE since = ''",
      'ALTER TABLE metric_late DROP COLUMN notes',
      'ALTER TABLE metric_settled DROP COLUMN late_since',
      'ALTER TABLE metric_settled DROP COLUMN late_notes',
    ]) {
      app.db().newQuery(sql).execute();
    }
  },
);
