package sqlite

import (
	"cro/pocketbase/eventstore"

	"github.com/pocketbase/dbx"
)

// ExposedVisitors lists the experiment's exposed visitors (one row each), by its (experiment,
// visitor) index.
func (s *sqliteStore) ExposedVisitors(siteID, experimentID string) ([]eventstore.ExposedVisitor, error) {
	var rows []struct {
		Visitor string `db:"visitor"`
		Variant string `db:"variant"`
		TS      string `db:"ts"`
	}
	err := s.app.DB().NewQuery(`SELECT visitor, variant, ts FROM experiment_exposures WHERE experiment = {:exp} AND site_id = {:site}`).
		Bind(dbx.Params{"exp": experimentID, "site": siteID}).All(&rows)
	if err != nil {
		return nil, err
	}
	out := make([]eventstore.ExposedVisitor, 0, len(rows))
	for _, r := range rows {
		at, err := parseDBTime(r.TS)
		if err != nil {
			continue
		}
		out = append(out, eventstore.ExposedVisitor{Visitor: r.Visitor, Variant: r.Variant, At: at})
	}
	return out, nil
}
