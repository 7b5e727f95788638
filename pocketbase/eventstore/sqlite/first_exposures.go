package sqlite

import (
	"time"

	"github.com/pocketbase/dbx"
)

// A bandit period's first exposures per variant (eventstore.FeatureReads.FirstExposures) on SQLite,
// whose experiment_exposures holds each visitor's first exposure (clickhouse_program_reads.go has
// ClickHouse's, whose experiment_events holds every exposure, of which the earliest counts).

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
