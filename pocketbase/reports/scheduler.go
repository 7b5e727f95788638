package reports

import (
	"log"
	"time"

	"github.com/pocketbase/pocketbase/tools/types"

	"cro/pocketbase/analytics"
)

// RunDue makes every enabled report whose time has come, then retries the due failed sends. A
// scheduled report covers the complete days before its send day; its next time is set before it
// is made, so a report that fails is not made again at every tick.
func (s *Service) RunDue(now time.Time) {
	due, err := s.app.FindRecordsByFilter("scheduled_reports", "enabled = true && next_scheduled_at != '' && next_scheduled_at <= {:now}",
		"next_scheduled_at", 100, 0, map[string]any{"now": now.UTC().Format(types.DefaultDateLayout)})
	if err != nil {
		log.Printf("reports: listing due reports failed: %v", err)
		return
	}
	for _, report := range due {
		zone := analytics.SiteZone(siteOf(s.app, report.GetString("site_id")))
		report.Set("next_scheduled_at", NextRun(report.GetString("frequency"), anchorOf(report), now, zone))
		if err := s.app.Save(report); err != nil {
			log.Printf("reports: scheduling %s failed: %v", report.Id, err)
			continue
		}
		yesterday := now.In(zone).AddDate(0, 0, -1)
		if _, err := s.Produce(report, yesterday, now); err != nil {
			log.Printf("reports: making %s failed: %v", report.Id, err)
		}
	}
	s.retry(now)
}
