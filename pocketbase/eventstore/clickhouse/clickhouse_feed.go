package clickhouse

import (
	"encoding/json"
	"sort"
	"strconv"
	"time"

	"cro/pocketbase/eventstore"
)

// The integrations' feed on ClickHouse (sqlite_feed.go has the meaning), in the order of writing
// by seq: an exposure is a visitor's first written one per experiment (with the earliest time any
// of theirs carries), a conversion is its event row.

const chFirstExposuresSQL = `SELECT experiment, visitor, min(seq) AS row, min(at) AS first_at, argMin(variant, at) AS x_variant
	FROM experiment_events WHERE site_id = {:site} AND experiment != '' GROUP BY experiment, visitor`

func (s *chStore) FeedStart(siteID string, since time.Time) (eventstore.FeedCursor, error) {
	var c eventstore.FeedCursor
	p := map[string]any{"site": siteID, "since": since, "sinceSec": since.Unix() - 1}
	rows, err := s.query(`SELECT minIf(row, first_at >= {:since}) AS first, countIf(first_at >= {:since}) AS n, max(row) AS last
		FROM (`+chFirstExposuresSQL+`)`, p)
	if err != nil {
		return c, err
	}
	c.Exposures = feedStartOf(rows[0].Num("n"), rows[0].Num("first"), rows[0].Num("last"))
	rows, err = s.query(`SELECT minIf(seq, at >= {:since}) AS first, countIf(at >= {:since}) AS n, max(seq) AS last
		FROM events WHERE site_id = {:site} AND type = 'conversion'`, p)
	if err != nil {
		return c, err
	}
	c.Conversions = feedStartOf(rows[0].Num("n"), rows[0].Num("first"), rows[0].Num("last"))
	return c, nil
}

// feedStartOf is the cursor just before the first row about the time, else after the last row.
func feedStartOf(n, first, last float64) int64 {
	if n > 0 {
		return int64(first) - 1
	}
	return int64(last)
}

func (s *chStore) Feed(siteID string, after eventstore.FeedCursor, limit int) ([]eventstore.FeedItem, error) {
	rows, err := s.query(`SELECT experiment, visitor, row, first_at, x_variant FROM (`+chFirstExposuresSQL+`)
		WHERE row > {:after} ORDER BY row LIMIT {:limit}`, map[string]any{"site": siteID, "after": after.Exposures, "limit": limit})
	if err != nil {
		return nil, err
	}
	out := []eventstore.FeedItem{}
	for _, r := range rows {
		out = append(out, eventstore.FeedItem{Kind: "exposure", ID: r.Str("experiment") + ":" + r.Str("visitor"), Row: int64(r.Num("row")),
			Visitor: r.Str("visitor"), At: time.UnixMilli(int64(r.Num("first_at"))).UTC(), Experiment: r.Str("experiment"),
			Variant: r.Str("x_variant")})
	}
	rows, err = s.query(`SELECT seq, visitor, at, goal, name, value, props FROM events WHERE site_id = {:site} AND type = 'conversion'
		AND seq > {:after} ORDER BY seq LIMIT {:limit}`, map[string]any{"site": siteID, "after": after.Conversions, "limit": limit})
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		seq := int64(r.Num("seq"))
		item := eventstore.FeedItem{Kind: "conversion", ID: "c" + strconv.FormatInt(seq, 36), Row: seq, Visitor: r.Str("visitor"),
			At: time.UnixMilli(int64(r.Num("at"))).UTC(), Goal: r.Str("goal"), Name: r.Str("name"), Value: r.Num("value")}
		var p struct {
			Verified     bool   `json:"verified"`
			ConversionID string `json:"conversion_id"`
		}
		if json.Unmarshal([]byte(r.Str("props")), &p) == nil {
			item.Verified, item.ConversionID = p.Verified, p.ConversionID
		}
		out = append(out, item)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Kind == out[j].Kind {
			return out[i].Row < out[j].Row
		}
		return out[i].At.Before(out[j].At)
	})
	return out, nil
}
