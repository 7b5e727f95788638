package sqlite

import (
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
)

// A bandit period's first exposures per variant (eventstore.FeatureReads.FirstExposures) on SQLite,
// whose experiment_exposures holds each visitor's first exposure (clickhouse_program_reads.go has
// ClickHouse's, whose experiment_events holds every exposure, of which the earliest counts).
//
// A closed period's counts are settled in metric_settled (metric "bandit|<experiment>|<from
// ms>|<to ms>", sums the counts), as the metrics are (metric_settled.go): they change only by an
// exposure in the period (or a visitor's first one moving out of it to an earlier time), written
// within lateAfter of its time, so not once the period ended before the header's since, or late,
// which the late mark notes with a time before the period's end. A read takes the settled counts
// while they hold, else counts and settles them; a settle pass refreshes their late mark or drops
// them (stale, or unread for a week), retention's prune makes them count again (since 0).

const firstExposuresSQL = `SELECT variant, COUNT(*) AS n FROM experiment_exposures WHERE experiment = {:exp} AND site_id = {:site}
	AND ts >= {:from} AND ({:to} = '' OR ts < {:to}) GROUP BY variant`

const banditKind = "bandit"

func banditKey(experimentID string, from, to time.Time) string {
	return strings.Join([]string{banditKind, experimentID, strconv.FormatInt(eventTime(from), 10), strconv.FormatInt(eventTime(to), 10)}, "|")
}

// banditPeriodEnd is the end (ms) a settled period's key names.
func banditPeriodEnd(key string) (int64, bool) {
	p := strings.Split(key, "|")
	if len(p) != 4 || p[0] != banditKind {
		return 0, false
	}
	to, err := strconv.ParseInt(p[3], 10, 64)
	return to, err == nil
}

// banditHolds: the settled counts of a period ending at `to` still hold under the site's mark.
func banditHolds(h settledHeader, mark lateMark, to int64) bool {
	if h.Since == 0 || to > h.Since {
		return false
	}
	if mark.Since == "" || mark.Notes == h.LateNotes {
		return true
	}
	at, err := parseDBTime(mark.Since)
	return err == nil && eventTime(at) >= to
}

func (s *sqliteStore) FirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error) {
	if to.IsZero() {
		return s.countFirstExposures(siteID, experimentID, from, to)
	}
	key := banditKey(experimentID, from, to)
	p := dbx.Params{"site": siteID, "metric": key}
	var h settledHeader
	err := s.app.DB().NewQuery(`SELECT ` + headerColumns + ` FROM metric_settled WHERE site_id = {:site} AND metric = {:metric}`).Bind(p).One(&h)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	// The mark is read before counting: every late exposure it notes is in the count.
	mark, err := readLateMark(s.app.DB(), siteID)
	if err != nil {
		return nil, err
	}
	if h.Sums != "" && banditHolds(h, mark, eventTime(to)) {
		var out map[string]int
		if json.Unmarshal([]byte(h.Sums), &out) == nil {
			s.settler.readKey(siteID, key)
			return out, nil
		}
	}
	now := s.clock()
	out, err := s.countFirstExposures(siteID, experimentID, from, to)
	since := eventTime(now.Add(-lateAfter - settleMargin))
	if err != nil || eventTime(to) > since {
		return out, err
	}
	js, err := json.Marshal(out)
	if err != nil {
		return out, err
	}
	_, err = s.app.NonconcurrentDB().NewQuery(`INSERT INTO metric_settled (site_id, metric, since, sessions_rowid, sums, read_at, late_since, late_notes)
		VALUES ({:site}, {:metric}, {:since}, 0, {:sums}, {:read_at}, {:late_since}, {:late_notes})
		ON CONFLICT (site_id, metric) DO UPDATE SET since = excluded.since, sums = excluded.sums, read_at = excluded.read_at,
		late_since = excluded.late_since, late_notes = excluded.late_notes`).
		Bind(dbx.Params{"site": siteID, "metric": key, "since": since, "sums": string(js), "read_at": now.UnixMilli(),
			"late_since": mark.Since, "late_notes": mark.Notes}).Execute()
	return out, err
}

func (s *sqliteStore) countFirstExposures(siteID, experimentID string, from, to time.Time) (map[string]int, error) {
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

// settleBandit is the pass's handling of a settled period: kept with the mark it was checked
// against while it holds (so the mark can be cleared), else dropped for the next read to count.
func (m *metricSettler) settleBandit(site, key string, h settledHeader, readAt int64) error {
	to, _ := banditPeriodEnd(key)
	mark, err := readLateMark(m.s.app.DB(), site)
	if err != nil {
		return err
	}
	if !banditHolds(h, mark, to) {
		return m.drop(site, key)
	}
	_, err = m.s.app.NonconcurrentDB().NewQuery(`UPDATE metric_settled SET late_since = {:late_since}, late_notes = {:late_notes},
		read_at = {:read_at} WHERE site_id = {:site} AND metric = {:metric} AND late_notes = {:seen}`).
		Bind(dbx.Params{"site": site, "metric": key, "late_since": mark.Since, "late_notes": mark.Notes, "seen": h.LateNotes,
			"read_at": readAt}).Execute()
	return err
}
