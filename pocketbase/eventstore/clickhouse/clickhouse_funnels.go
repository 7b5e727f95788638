package clickhouse

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
	"cro/pocketbase/eventstore/urlpattern"
	"cro/pocketbase/eventstore/zones"
	"maps"
	"strconv"
	"strings"
	"time"
)

// Funnels on ClickHouse: the funnel's step events (page views of the paths its patterns match,
// completions of its goals) read from raw events, then funnels.go's attempts, window and order,
// shared with SQLite.

// chFunnelChunk bounds one IN list of session keys.
const chFunnelChunk = 1000

// funnelParts are q's closed and open parts, read through db (WarmFunnel's: background priority):
// whole closed days from the day cache (clickhouse_funnel_days.go), the range's partial first day
// and the days still open from events.
func (s *chStore) funnelParts(db *Client, q eventstore.FunnelQuery) (funneldays.Parts, error) {
	return funneldays.SplitOpenParts(q, time.Now(), func(q eventstore.FunnelQuery, from, to time.Time) (funneldays.OpenAttempts, error) {
		return s.eventFunnelPaths(db, q, from, to)
	}, func(q eventstore.FunnelQuery, from, to time.Time) (map[string]funnelpath.Path, error) {
		return s.closedFunnelPaths(db, q, from, to)
	})
}

// WarmFunnel computes what FunnelResults keeps in memory for q (its closed days, open days'
// prefix, closed part's breakdown tallies and settled entry sessions' values) at background
// priority: funnels/warm.go's warm-up.
func (s *chStore) WarmFunnel(q eventstore.FunnelQuery) error {
	db := s.warmFunnelDB()
	gen := s.dayCache.Generation(q.SiteID)
	parts, err := s.funnelParts(db, q)
	if err != nil {
		return err
	}
	return s.warmTallies(db, q, parts, funneldays.KeptFigures(s.dayCache, q, parts, gen), gen)
}

// eventFunnelPaths is the kept attempt of each visitor who entered in [from, to), from the step
// events of [from, to + window]: the whole days among them closed an hour ago from the event days,
// up to the last whole hour an hour ago from the kept prefix with the attempts it gives, and only
// the visitors with later events (read raw) worked out again (funneldays.OpenPaths): a warm
// request's Go work follows the last two hours' visitors, not the open days' (a week's at the
// default window). It says which attempts came from the kept prefix (funneldays.OpenAttempts).
func (s *chStore) eventFunnelPaths(db *Client, q eventstore.FunnelQuery, from, to time.Time) (funneldays.OpenAttempts, error) {
	if !to.After(from) {
		return funneldays.OpenAttempts{Paths: map[string]funnelpath.Path{}}, nil
	}
	unlock := funneldays.LockSite("clickhouse:" + q.SiteID)
	err := s.dropLateFunnelDays(q.SiteID)
	unlock()
	if err != nil {
		return funneldays.OpenAttempts{}, err
	}
	// One computation of these days at a time (clickhouse_funnel_flights.go); a waiter's map is a
	// copy (SplitParts merges into it).
	v, shared, err := s.flights.do("open "+q.SiteID+" "+funneldays.Key(q)+" "+from.UTC().Format(time.RFC3339Nano)+" "+to.UTC().Format(time.RFC3339Nano),
		db != s.db, func() (any, error) {
			return funneldays.OpenAttemptsOf(s.dayCache, q, from, to, to.Add(q.Window).Add(time.Millisecond), time.Now(),
				func(q eventstore.FunnelQuery, from, end time.Time) (map[string][]funnelpath.Event, error) {
					return s.readStepEvents(db, q, from, end, time.Time{})
				})
		})
	if err != nil {
		return funneldays.OpenAttempts{}, err
	}
	a := v.(funneldays.OpenAttempts)
	if shared {
		a.Paths = maps.Clone(a.Paths)
	}
	return a, nil
}

// funnelEvents are, by visitor and sorted, the step events of [from, to + window] of the visitors
// with a step-1 event in [from, to).
func (s *chStore) funnelEvents(db *Client, q eventstore.FunnelQuery, from, to time.Time) (map[string][]funnelpath.Event, error) {
	return s.readStepEvents(db, q, from, to.Add(q.Window).Add(time.Millisecond), to)
}

// readStepEvents are, by visitor and sorted, the step events of [from, end) of the visitors with a
// step-1 event in [from, enteredBy) (every visitor's when enteredBy is zero): ClickHouse maps each
// row to its steps (the paths' masks worked out in Go from path_days with the one URL pattern
// matcher) and sends one row per visitor.
func (s *chStore) readStepEvents(db *Client, q eventstore.FunnelQuery, from, end, enteredBy time.Time) (map[string][]funnelpath.Event, error) {
	if !end.After(from) {
		return map[string][]funnelpath.Event{}, nil
	}
	p := map[string]any{"site": q.SiteID, "from": from, "end": end, "to": enteredBy, "fromSec": from.Unix() - 1, "endSec": end.Unix() + 1,
		"dayFrom": zones.UTCDay(from.AddDate(0, 0, -1)), "dayTo": zones.UTCDay(end.AddDate(0, 0, 1))}
	goalMasks := map[string]uint16{}
	hasPage := false
	for k, st := range q.Steps {
		if st.Goal != "" {
			goalMasks[st.Goal] |= 1 << k
		} else {
			hasPage = true
		}
	}
	pageMasks := map[string]uint16{}
	if hasPage {
		rows, err := queryOn(db, `SELECT DISTINCT path FROM path_days WHERE site_id = {:site} AND day >= toDate({:dayFrom}) AND day <= toDate({:dayTo})`, p)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			path := r.Str("path")
			for k, st := range q.Steps {
				if st.Goal == "" && urlpattern.Matches(st.Page, path) {
					pageMasks[path] |= 1 << k
				}
			}
		}
	}
	pathList, pathMask := chMaskLists(pageMasks)
	goalList, goalMask := chMaskLists(goalMasks)
	if pathList == "[]" && goalList == "[]" {
		return map[string][]funnelpath.Event{}, nil
	}
	mask := func(col, list, masks string) string {
		if list == "[]" {
			return "0"
		}
		return "transform(" + col + ", " + list + ", " + masks + ", 0)"
	}
	sql := `SELECT visitor, groupArray(at) AS ats, groupArray(m) AS ms, groupArray(session) AS ss FROM (
		SELECT visitor, session, at, if(type = 'pageview', ` + mask("path", pathList, pathMask) + `, ` + mask("goal", goalList, goalMask) + `) AS m
		FROM events PREWHERE site_id = {:site} AND ts >= toDateTime({:fromSec}) AND ts <= toDateTime({:endSec})
		WHERE at >= {:from} AND at < {:end} AND type IN ('pageview', 'conversion', 'micro_conversion'))
		WHERE m != 0 GROUP BY visitor`
	if !enteredBy.IsZero() {
		sql += ` HAVING countIf(bitAnd(m, 1) != 0 AND at >= {:from} AND at < {:to}) > 0`
	}
	out := map[string][]funnelpath.Event{}
	sessions := interned{} // one string per session
	err := queryEachOf(db, sql, p, func(r *chStepEventsRow) error {
		evs := make([]funnelpath.Event, min(len(r.Ats), len(r.Ms), len(r.Ss)))
		for i := range evs {
			evs[i] = funnelpath.Event{At: time.UnixMilli(int64(r.Ats[i])).UTC(), Steps: r.Ms[i], Session: sessions.of(r.Ss[i])}
		}
		out[r.Visitor] = funnelpath.SortEvents(evs)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// chStepEventsRow is a row of readStepEvents: a visitor's step events.
type chStepEventsRow struct {
	Visitor string    `json:"visitor"`
	Ats     []float64 `json:"ats"`
	Ms      []uint16  `json:"ms"`
	Ss      []string  `json:"ss"`
}

// chMaskLists are a mask map's keys and masks as ClickHouse array literals, for transform().
func chMaskLists(masks map[string]uint16) (keys, values string) {
	var k, v []string
	for key, m := range masks {
		if m != 0 {
			k = append(k, Quote(key))
			v = append(v, strconv.Itoa(int(m)))
		}
	}
	return "[" + strings.Join(k, ", ") + "]", "[" + strings.Join(v, ", ") + "]"
}

// sessionRows reads per session of a list, in chunks, the rows of sql (with {:sessions}).
func (s *chStore) sessionRows(siteID string, sessions []string, sql string, each func(r map[string]any)) error {
	for i := 0; i < len(sessions); i += chFunnelChunk {
		rows, err := s.query(sql, map[string]any{"site": siteID, "sessions": sessions[i:min(len(sessions), i+chFunnelChunk)]})
		if err != nil {
			return err
		}
		for _, r := range rows {
			each(r)
		}
	}
	return nil
}

func (s *chStore) FunnelResults(q eventstore.FunnelQuery) (eventstore.FunnelFigures, error) {
	gen := s.dayCache.Generation(q.SiteID) // what is kept from this read is refused after a drop
	parts, err := s.funnelParts(s.db, q)
	if err != nil {
		return eventstore.FunnelFigures{}, err
	}
	// A breakdown's look-ups (a read of the open days' entry sessions) run beside the figures' Go work.
	var rows []eventstore.FunnelBreakdownFigures
	var rowsErr error
	done := make(chan struct{})
	kept := funneldays.KeptFigures(s.dayCache, q, parts, gen) // once for both
	if q.Breakdown == "" {
		close(done)
	} else {
		go func() {
			defer close(done)
			rows, rowsErr = s.breakdownRows(s.db, q, parts, kept, gen)
		}()
	}
	f := kept.Figures.Figures(kept.Changes)
	<-done
	if q.Breakdown == "" {
		s.warmBreakdowns(q, parts, kept, gen)
		return f, nil
	}
	if rowsErr != nil {
		return eventstore.FunnelFigures{}, rowsErr
	}
	f.Breakdown = rows
	return f, nil
}

func (s *chStore) FunnelDropOff(q eventstore.FunnelQuery, step int) (eventstore.FunnelDropOffFigures, error) {
	return funneldays.DropOff(s.dayCache, q, step, func() (funneldays.Parts, uint64, error) {
		gen := s.dayCache.Generation(q.SiteID)
		parts, err := s.funnelParts(s.db, q)
		return parts, gen, err
	}, s.sessionPageViews)
}

// sessionPageViews are the sessions' page views, by session (session_pages: one range per session).
func (s *chStore) sessionPageViews(siteID string, sessions []string) (map[string][]funnelpath.PageView, error) {
	views := map[string][]funnelpath.PageView{}
	err := s.sessionRows(siteID, sessions, `SELECT session, path, at FROM session_pages WHERE site_id = {:site}
		AND session IN {:sessions}`, func(r map[string]any) {
		session, _ := r["session"].(string)
		path, _ := r["path"].(string)
		at, _ := r["at"].(float64)
		views[session] = append(views[session], funnelpath.PageView{Path: path, At: time.UnixMilli(int64(at)).UTC()})
	})
	return views, err
}
