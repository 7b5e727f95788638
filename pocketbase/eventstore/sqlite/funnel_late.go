package sqlite

import (
	"database/sql"
	"errors"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// The writer's side of funnel days (funnel_days.go), click days (click_days.go) and settled metrics
// (metric_settled.go): an event written more than lateAfter after it happened may change a day or a
// visitor's figures already stored, so each transaction notes the oldest such event per site in
// funnel_late, click_late and metric_late (the oldest of all marks not yet handled; each kind
// consumes its own mark).

const upsertFunnelLateSQL = `INSERT INTO funnel_late (site_id, since) VALUES ({:site}, {:since})
	ON CONFLICT(site_id) DO UPDATE SET since = MIN(since, excluded.since)`

const upsertClickLateSQL = `INSERT INTO click_late (site_id, since) VALUES ({:site}, {:since})
	ON CONFLICT(site_id) DO UPDATE SET since = MIN(since, excluded.since)`

// metric_late also counts its notes (the settled metrics' headers keep the count they saw) and is
// cleared by emptying since.
const upsertMetricLateSQL = `INSERT INTO metric_late (site_id, since, notes) VALUES ({:site}, {:since}, 1)
	ON CONFLICT(site_id) DO UPDATE SET since = CASE WHEN since = '' THEN excluded.since ELSE MIN(since, excluded.since) END,
	notes = notes + 1`

// noteLate remembers an event time if it is late for this transaction.
func (a *applier) noteLate(site string, at time.Time) {
	if !at.Before(a.lateCut) {
		return
	}
	if t, ok := a.late[site]; !ok || at.Before(t) {
		a.late[site] = at
	}
}

func (a *applier) writeLate() error {
	for site, at := range a.late {
		for _, q := range []string{upsertFunnelLateSQL, upsertClickLateSQL, upsertMetricLateSQL} {
			if err := a.tx.exec(q, map[string]any{"site": site, "since": dbTime(at)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropLateDays handles the site's mark in lateTable on the reading side: it deletes the site's
// stored days in daysTable from the day of (mark - back) on, then the mark it read; a later mark,
// written meanwhile, stays for the next query. An unreadable mark undoes every day. first, if set,
// runs before the deletes once a mark is found (a cache in front of the stored days).
func (s *sqliteStore) dropLateDays(site, lateTable, daysTable string, back time.Duration, first func()) error {
	var since string
	err := s.app.DB().NewQuery(`SELECT since FROM ` + lateTable + ` WHERE site_id = {:site}`).Bind(dbx.Params{"site": site}).Row(&since)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	at, err := parseDBTime(since)
	if err != nil {
		at = time.Time{} // unreadable: undo every day
	}
	if first != nil {
		first()
	}
	return s.app.RunInTransaction(func(tx core.App) error {
		if _, err := tx.DB().NewQuery(`DELETE FROM ` + daysTable + ` WHERE site_id = {:site} AND day >= {:day}`).
			Bind(dbx.Params{"site": site, "day": dayOf(at.Add(-back))}).Execute(); err != nil {
			return err
		}
		_, err := tx.DB().NewQuery(`DELETE FROM ` + lateTable + ` WHERE site_id = {:site} AND since = {:since}`).
			Bind(dbx.Params{"site": site, "since": since}).Execute()
		return err
	})
}
