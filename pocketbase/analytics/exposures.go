package analytics

import "encoding/json"

// upsertExposuresSQL keeps one row per visitor and experiment: a later exposure changes nothing,
// an earlier one (batches may arrive out of order) takes its place. "WHERE true" lets SQLite
// parse the upsert after a SELECT.
const upsertExposuresSQL = `INSERT INTO experiment_exposures (id, site_id, experiment, variant, visitor, ts)
	SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
		json_extract(value, '$[4]'), json_extract(value, '$[5]') FROM json_each({:rows}) WHERE true
	ON CONFLICT(experiment, visitor) DO UPDATE SET variant = excluded.variant, ts = excluded.ts
	WHERE excluded.ts < experiment_exposures.ts`

const upsertDroppedSQL = `INSERT INTO analytics_daily (site_id, day, dropped_exposures) VALUES ({:site}, {:day}, {:n})
	ON CONFLICT(site_id, day) DO UPDATE SET dropped_exposures = dropped_exposures + excluded.dropped_exposures`

// writeExposures stores the transaction's experiment exposures and counts the dropped ones.
func (a *applier) writeExposures() error {
	if len(a.exposures) > 0 {
		body, err := json.Marshal(a.exposures)
		if err != nil {
			return err
		}
		if err := a.tx.exec(upsertExposuresSQL, map[string]any{"rows": string(body)}); err != nil {
			return err
		}
	}
	for k, n := range a.dropped {
		if err := a.tx.exec(upsertDroppedSQL, map[string]any{"site": k[0], "day": k[1], "n": n}); err != nil {
			return err
		}
	}
	return nil
}
