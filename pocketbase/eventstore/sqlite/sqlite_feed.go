package sqlite

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// Both read through indexes on (site_id) alone, whose entries are ordered by rowid: the
// experiment_exposures one and a partial one holding only conversion events.
const (
	feedExposuresSQL = `SELECT rowid AS row, experiment || ':' || visitor AS id, visitor, ts, experiment, variant
		FROM experiment_exposures WHERE site_id = {:site} AND rowid > {:after} ORDER BY rowid LIMIT {:limit}`
	feedConversionsSQL = `SELECT rowid AS row, id, visitor, ts, goal, name, value, props
		FROM events WHERE site_id = {:site} AND type = 'conversion' AND rowid > {:after} ORDER BY rowid LIMIT {:limit}`
	feedStartExposuresSQL = `SELECT COALESCE((SELECT MIN(rowid) - 1 FROM experiment_exposures WHERE site_id = {:site} AND ts >= {:since}),
		(SELECT MAX(rowid) FROM experiment_exposures WHERE site_id = {:site}), 0)`
	feedStartConversionsSQL = `SELECT COALESCE((SELECT MIN(rowid) - 1 FROM events WHERE site_id = {:site} AND ts >= {:since_ms} AND type = 'conversion'),
		(SELECT MAX(rowid) FROM events WHERE site_id = {:site} AND type = 'conversion'), 0)`
)

func (s *sqliteStore) FeedStart(siteID string, since time.Time) (eventstore.FeedCursor, error) {
	var c eventstore.FeedCursor
	p := dbx.Params{"site": siteID, "since": dbTime(since), "since_ms": eventTime(since)}
	if err := s.app.DB().NewQuery(feedStartExposuresSQL).Bind(p).Row(&c.Exposures); err != nil {
		return c, err
	}
	err := s.app.DB().NewQuery(feedStartConversionsSQL).Bind(p).Row(&c.Conversions)
	return c, err
}

func (s *sqliteStore) Feed(siteID string, after eventstore.FeedCursor, limit int) ([]eventstore.FeedItem, error) {
	var exposures []struct {
		Row        int64  `db:"row"`
		ID         string `db:"id"`
		Visitor    string `db:"visitor"`
		TS         string `db:"ts"`
		Experiment string `db:"experiment"`
		Variant    string `db:"variant"`
	}
	db := s.app.DB()
	if err := db.NewQuery(feedExposuresSQL).Bind(dbx.Params{"site": siteID, "after": after.Exposures, "limit": limit}).All(&exposures); err != nil {
		return nil, err
	}
	var conversions []struct {
		Row     int64   `db:"row"`
		ID      string  `db:"id"`
		Visitor string  `db:"visitor"`
		TS      int64   `db:"ts"`
		Goal    string  `db:"goal"`
		Name    string  `db:"name"`
		Value   float64 `db:"value"`
		Props   string  `db:"props"`
	}
	if err := db.NewQuery(feedConversionsSQL).Bind(dbx.Params{"site": siteID, "after": after.Conversions, "limit": limit}).All(&conversions); err != nil {
		return nil, err
	}
	out := make([]eventstore.FeedItem, 0, len(exposures)+len(conversions))
	for _, r := range exposures {
		at, _ := time.Parse(dbTimeLayout, r.TS)
		out = append(out, eventstore.FeedItem{Kind: "exposure", ID: r.ID, Row: r.Row, Visitor: r.Visitor, At: at, Experiment: r.Experiment, Variant: r.Variant})
	}
	for _, r := range conversions {
		item := eventstore.FeedItem{Kind: "conversion", ID: r.ID, Row: r.Row, Visitor: r.Visitor, At: eventAt(r.TS), Goal: r.Goal, Name: r.Name, Value: r.Value}
		var p struct {
			Verified     bool   `json:"verified"`
			ConversionID string `json:"conversion_id"`
		}
		if json.Unmarshal([]byte(r.Props), &p) == nil {
			item.Verified, item.ConversionID = p.Verified, p.ConversionID
		}
		out = append(out, item)
	}
	// Each kind stays in its order of writing (the cursor needs it); between kinds, by time.
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind == out[j].Kind {
			return out[i].Row < out[j].Row
		}
		return out[i].At.Before(out[j].At)
	})
	return out, nil
}
