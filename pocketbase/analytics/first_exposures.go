package analytics

import (
	"time"

	"github.com/pocketbase/dbx"
)

// A bandit period's first exposures per variant (eventstore.FeatureReads.FirstExposures) on both
// stores: SQLite's experiment_exposures holds each visitor's first exposure; ClickHouse's
// experiment_events every exposure (rows with an experiment), of which the earliest counts.

const firstExposuresSQL = `SELECT variant, COUNT(*) AS n FROM experiment_exposures WHERE experiment = {:exp} AND site_id = {:site}
	AND ts >= {:from} AND ({:to} = '' OR ts < {:to}) GROUP BY variant`

func (s *sqliteStore) FirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error) {
	until := ""
	if !to.IsZero() {
		until = dbTime(to)
	}
	var rows []struct {
		Variant string `db:"variant"`
		N       int    `db:"n"`
	}
	err := s.app.DB().NewQuery(firstExposuresSQL).Bind(dbx.Params{"site": siteID, "exp": experimentID, "from": dbTime(from), "to": until}).All(&rows)
	out := map[string]int{}
	for _, r := range rows {
		out[r.Variant] = r.N
	}
	return out, err
}

func (s *chStore) FirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error) {
	until := uint64(0)
	if !to.IsZero() {
		until = uint64(to.UnixMilli())
	}
	rows, err := s.query(`SELECT v, count() AS n FROM (SELECT visitor, argMin(variant, at) AS v, min(at) AS first FROM experiment_events
			WHERE site_id = {:site} AND experiment = {:exp} GROUP BY visitor)
		WHERE first >= {:from} AND ({:to} = 0 OR first < {:to}) GROUP BY v`,
		map[string]any{"site": siteID, "exp": experimentID, "from": uint64(max(from.UnixMilli(), 0)), "to": until})
	out := map[string]int{}
	for _, r := range rows {
		out[r.Str("v")] = r.Int("n")
	}
	return out, err
}
