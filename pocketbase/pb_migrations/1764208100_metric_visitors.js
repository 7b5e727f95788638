// @ts-check
/// <reference path="../pb_data/types.d.ts" />
// Guardrails and ratio metrics on SQLite settled ahead (issue 32): each exposed visitor's figures of
// a metric (`metric_visitors`: a, b and their pre-exposure values) and the metric's sums over them
// (`metric_settled`, with the time `since` from which visitors are computed again from raw events
// on a read). `metric_late` notes the oldest late event per site since the last settle pass, as
// funnel_late does for funnel days. Written only by the Go event store (metric_settle.go). A read
// finds the visitors exposed since a time by idx_experiment_exposures_experiment_ts.
const EXPOSURES_TS = 'CREATE INDEX idx_experiment_exposures_experiment_ts ON experiment_exposures (experiment, ts)';

migrate(
  (app) => {
    for (const sql of [
      'CREATE TABLE IF NOT EXISTS metric_late (site_id TEXT PRIMARY KEY, since TEXT NOT NULL) WITHOUT ROWID',
      `CREATE TABLE IF NOT EXISTS metric_settled (site_id TEXT NOT NULL, metric TEXT NOT NULL, since INTEGER NOT NULL,
        sessions_rowid INTEGER NOT NULL, sums TEXT NOT NULL, read_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (site_id, metric)) WITHOUT ROWID`,
      `CREATE TABLE IF NOT EXISTS metric_visitors (site_id TEXT NOT NULL, metric TEXT NOT NULL, visitor TEXT NOT NULL,
        variant TEXT NOT NULL, a REAL NOT NULL, b REAL NOT NULL, apre REAL NOT NULL, bpre REAL NOT NULL,
        PRIMARY KEY (site_id, metric, visitor)) WITHOUT ROWID`,
    ]) {
      app.db().newQuery(sql).execute();
    }
    const exposures = app.findCollectionByNameOrId('experiment_exposures');
    exposures.indexes = /** @type {types.JSONArray<string>} */ (exposures.indexes.concat([EXPOSURES_TS]));
    app.save(exposures);
  },
  (app) => {
    const exposures = app.findCollectionByNameOrId('experiment_exposures');
    exposures.indexes = /** @type {types.JSONArray<string>} */ (exposures.indexes.filter((i) => i !== EXPOSURES_TS));
    app.save(exposures);
    for (const t of ['metric_visitors', 'metric_settled', 'metric_late']) {
      app.db().newQuery(`DROP TABLE IF EXISTS ${t}`).execute();
    }
  },
);
