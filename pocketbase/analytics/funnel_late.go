package analytics

import "time"

// The writer's side of funnel days (funnel_days.go) and click days (click_days.go): an event
// written more than lateAfter after it happened may change a day already stored, so each
// transaction notes the oldest such event per site in funnel_late and in click_late (the oldest of
// all marks not yet handled; each kind of day consumes its own mark).

const upsertFunnelLateSQL = `INSERT INTO funnel_late (site_id, since) VALUES ({:site}, {:since})
	ON CONFLICT(site_id) DO UPDATE SET since = MIN(since, excluded.since)`

const upsertClickLateSQL = `INSERT INTO click_late (site_id, since) VALUES ({:site}, {:since})
	ON CONFLICT(site_id) DO UPDATE SET since = MIN(since, excluded.since)`

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
		for _, q := range []string{upsertFunnelLateSQL, upsertClickLateSQL} {
			if err := a.tx.exec(q, map[string]any{"site": site, "since": dbTime(at)}); err != nil {
				return err
			}
		}
	}
	return nil
}
