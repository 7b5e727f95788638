package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/sitefields"
	"log"
	"math"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// startLive refreshes, for every site written to since the last tick, its site_live record
// (which the dashboard's LIVE KPI card subscribes to through realtime) and the KPI fields the
// server owns on the site: current_cvr (last 7 days), baseline_cvr (the 7 days before) and
// monthly_visitors (last 30 days).
// It returns the function that stops it.
func startLive(app core.App, store eventstore.Store, every time.Duration) (stop func()) {
	if every <= 0 {
		every = 2 * time.Second
	}
	quit := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
			case <-quit:
				return
			}
			for _, id := range store.TakeDirty() {
				if err := refreshSite(app, store, id, time.Now()); err != nil {
					log.Printf("analytics: live refresh of site %s failed: %v", id, err)
				}
			}
		}
	}()
	return func() { once.Do(func() { close(quit) }) }
}

func refreshSite(app core.App, store eventstore.Store, siteID string, now time.Time) error {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil {
		return err
	}
	now = now.In(zones.OfSite(site)) // today and weeks on the site's clock
	rows, err := store.Daily(siteID, eventstore.DayRange{From: zones.CalDay(now.AddDate(0, 0, -30)), To: eventstore.OpenEnd})
	if err != nil {
		return err
	}
	today := zones.CalDay(now)
	weekStart, prevStart, monthStart := zones.CalDay(now.AddDate(0, 0, -6)), zones.CalDay(now.AddDate(0, 0, -13)), zones.CalDay(now.AddDate(0, 0, -29))
	var cur, prev [2]float64
	var monthly float64
	var t eventstore.DayFigures
	for _, r := range rows {
		switch {
		case r.Day >= weekStart:
			cur[0] += r.Sessions
			cur[1] += r.ConvertedSessions
		case r.Day >= prevStart:
			prev[0] += r.Sessions
			prev[1] += r.ConvertedSessions
		}
		if r.Day >= monthStart {
			monthly += r.Visitors
		}
		if r.Day == today {
			t = r
		}
	}

	live, err := app.FindFirstRecordByData("site_live", "site_id", siteID)
	if err != nil {
		col, cerr := app.FindCollectionByNameOrId("site_live")
		if cerr != nil {
			return cerr
		}
		live = core.NewRecord(col)
		live.Set("site_id", siteID)
	}
	live.Set("active_visitors", store.ActiveVisitors(siteID, now))
	live.Set("sessions_today", t.Sessions)
	live.Set("visitors_today", t.Visitors)
	live.Set("pageviews_today", t.Pageviews)
	live.Set("conversions_today", t.Conversions)
	live.Set("revenue_today", eventrow.Round2(t.Revenue))
	live.Set("cvr_today", eventrow.Round2(rate(t.ConvertedSessions, t.Sessions)))
	live.Set("last_event_at", now)
	if err := app.Save(live); err != nil {
		return err
	}

	curCvr, baseCvr := eventrow.Round2(rate(cur[1], cur[0])), eventrow.Round2(rate(prev[1], prev[0]))
	// Only these fields: the site may have changed (plan, name...) since it was read above.
	return sitefields.Set(app, site, map[string]any{
		"current_cvr":      math.Min(curCvr, 100),
		"baseline_cvr":     math.Min(baseCvr, 100),
		"monthly_visitors": monthly,
	})
}

// rate is part/whole in percent, 0 when whole is 0.
func rate(part, whole float64) float64 {
	if whole <= 0 {
		return 0
	}
	return part / whole * 100
}
