package reports

import (
	"cro/pocketbase/eventstore/zones"
	"log"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

// RunDue makes every enabled report whose time has come, then retries the due failed sends. A
// scheduled report covers the complete days before its send day. Its next time moves in the same
// transaction that claims the send in the history, so a send is neither made at every tick nor
// lost when the server stops while making it (Recover takes it up at the next start).
func (s *Service) RunDue(now time.Time) {
	due, err := s.app.FindRecordsByFilter("scheduled_reports", "enabled = true && next_scheduled_at != '' && next_scheduled_at <= {:now}",
		"next_scheduled_at", 100, 0, map[string]any{"now": now.UTC().Format(types.DefaultDateLayout)})
	if err != nil {
		log.Printf("reports: listing due reports failed: %v", err)
		return
	}
	for _, report := range due {
		site := siteOf(s.app, report.GetString("site_id"))
		if site == nil {
			continue
		}
		if refusal := planRefusal(site, report); refusal != "" {
			s.pauseForPlan(report, refusal, now)
			continue
		}
		zone := zones.OfSite(site)
		report.Set("next_scheduled_at", NextRun(report.GetString("frequency"), anchorOf(report), now, zone))
		var hist *core.Record
		err := s.app.RunInTransaction(func(tx core.App) error {
			if err := tx.Save(report); err != nil {
				return err
			}
			hist, err = claimSend(tx, report, now.In(zone).AddDate(0, 0, -1), now)
			return err
		})
		if err != nil {
			log.Printf("reports: scheduling %s failed: %v", report.Id, err)
			continue
		}
		if err := s.make(hist, report); err != nil {
			log.Printf("reports: making %s failed: %v", report.Id, err)
		}
	}
	s.retry(now)
}

// pauseForPlan stops a report whose frequency the site's plan no longer includes (after a
// downgrade) and says why in the history, instead of sending what the plan does not pay for.
func (s *Service) pauseForPlan(report *core.Record, refusal string, now time.Time) {
	report.Set("enabled", false)
	report.Set("next_scheduled_at", nil)
	hist := historyEntry(s.app, report, now)
	hist.Set("status", "failed")
	hist.Set("error", "Not sent, and the report is paused: "+refusal)
	err := s.app.RunInTransaction(func(tx core.App) error {
		if err := tx.Save(report); err != nil {
			return err
		}
		return tx.Save(hist)
	})
	if err != nil {
		log.Printf("reports: pausing %s failed: %v", report.Id, err)
	}
}
