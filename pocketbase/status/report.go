package status

import (
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// ServiceReport is one service's line on /status.
type ServiceReport struct {
	Name string `json:"name"`
	// State: operational (last check passed, and the recent ones too), degraded (last passed, a
	// recent one failed), outage (last failed), unknown (never checked).
	State     string   `json:"state"`
	LatencyMs *int64   `json:"latencyMs"`
	Uptime    *float64 `json:"uptime"` // percent of stored checks that passed; null before the first
	Checks    int      `json:"checks"`
	Since     string   `json:"since,omitempty"` // the oldest stored check: the uptime's window
	Error     string   `json:"error,omitempty"`
}

// Report is GET /api/cro/status.
type Report struct {
	CheckedAt string          `json:"checkedAt,omitempty"`
	Services  []ServiceReport `json:"services"`
}

type checkRow struct {
	OK        bool   `db:"ok"`
	LatencyMs int64  `db:"latency_ms"`
	Error     string `db:"error"`
	CheckedAt string `db:"checked_at"`
}

func buildReport(app core.App, services []Service, now time.Time) (Report, error) {
	cutoff := now.AddDate(0, 0, -keepDays).UTC().Format("2006-01-02 15:04:05.000Z")
	out := Report{Services: []ServiceReport{}}
	for _, s := range services {
		r := ServiceReport{Name: s.Name, State: "unknown"}
		var agg struct {
			Total  int    `db:"total"`
			Passed int    `db:"passed"`
			Oldest string `db:"oldest"`
		}
		err := app.DB().NewQuery(`SELECT COUNT(*) AS total, COALESCE(SUM(ok), 0) AS passed, COALESCE(MIN(checked_at), '') AS oldest
			FROM status_checks WHERE service = {:s} AND checked_at >= {:c}`).Bind(dbx.Params{"s": s.Name, "c": cutoff}).One(&agg)
		if err != nil {
			return out, err
		}
		var recent []checkRow
		err = app.DB().NewQuery(`SELECT ok, latency_ms, error, checked_at FROM status_checks WHERE service = {:s}
			ORDER BY checked_at DESC LIMIT {:n}`).Bind(dbx.Params{"s": s.Name, "n": recentWindow}).All(&recent)
		if err != nil {
			return out, err
		}
		r.Checks = agg.Total
		if agg.Total > 0 {
			up := float64(agg.Passed) * 100 / float64(agg.Total)
			r.Uptime = &up
			r.Since = agg.Oldest
		}
		if len(recent) > 0 {
			last := recent[0]
			r.LatencyMs = &last.LatencyMs
			r.State = stateOf(recent)
			r.Error = last.Error
			if out.CheckedAt < last.CheckedAt {
				out.CheckedAt = last.CheckedAt
			}
		}
		out.Services = append(out.Services, r)
	}
	return out, nil
}

// stateOf reads the newest checks first.
func stateOf(recent []checkRow) string {
	if !recent[0].OK {
		return "outage"
	}
	for _, c := range recent[1:] {
		if !c.OK {
			return "degraded"
		}
	}
	return "operational"
}
