package integrations

import (
	"fmt"
	"math"
	"time"

	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/experiments"
	"cro/pocketbase/notify"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// srmMinVisitors: below this many exposed visitors a split that looks off is still chance.
const srmMinVisitors = 100

// Alerts makes one pass of the periodic alerts for the sites with an alert integration: a running
// test whose traffic split is off (sample ratio mismatch), and on Monday morning in the site's
// zone the week's summary for Slack.
func (b *Bus) Alerts(store eventstore.Store, now time.Time) {
	records, err := b.app.FindRecordsByFilter("integrations",
		"enabled = true && (status = 'connected' || status = 'error') && (integration_type = 'slack' || integration_type = 'webhook' || integration_type = 'zapier')",
		"", 0, 0)
	if err != nil {
		return
	}
	bySite := map[string][]*core.Record{}
	for _, r := range records {
		bySite[r.GetString("site_id")] = append(bySite[r.GetString("site_id")], r)
	}
	for siteID, recs := range bySite {
		site, err := b.app.FindRecordById("sites", siteID)
		if err != nil {
			continue
		}
		b.srmAlerts(store, site)
		for _, r := range recs {
			if r.GetString("integration_type") == "slack" {
				b.weeklySummary(store, site, r, now)
			}
		}
	}
}

// srmAlerts publishes one alert per running test whose split is off, and tells the owner; the
// owner's notification is what marks the test as alerted.
func (b *Bus) srmAlerts(store eventstore.Store, site *core.Record) {
	running, err := b.app.FindRecordsByFilter("experiments", "site_id = {:site} && status = 'running'", "", 0, 0, dbx.Params{"site": site.Id})
	if err != nil {
		return
	}
	for _, x := range running {
		body, ok, err := experiments.Results(b.app, store, x, "")
		if err != nil || !ok {
			continue
		}
		srm, _ := body["srm"].(map[string]any)
		if srm == nil || srm["srm_ok"] != false {
			continue
		}
		observed, total := fmt.Sprint(srm["observed"]), 0.0
		if users, ok := srm["observed"].([]float64); ok {
			for _, u := range users {
				total += u
			}
		}
		if total < srmMinVisitors {
			continue
		}
		title := "Sample ratio mismatch: " + x.GetString("name")
		owner := site.GetString("user_id")
		if _, err := b.app.FindFirstRecordByFilter("notifications", "user_id = {:u} && site_id = {:s} && title = {:t}",
			dbx.Params{"u": owner, "s": site.Id, "t": title}); err == nil {
			continue // already alerted
		}
		p, _ := srm["p_value"].(float64)
		text := fmt.Sprintf("The exposed visitors per variant %s do not match the configured split (p = %.2g): check the test's targeting and tracking before trusting its results.", observed, p)
		_ = notify.Create(b.app, notify.Notification{User: owner, Site: site.Id, Type: "alert", Title: title, Message: text, Link: "/dashboard/tests"})
		b.Publish(Event{
			ID: "srm_" + x.Id, Kind: EventSRM, SiteID: site.Id, Domain: site.GetString("domain"),
			Title: title + " on " + site.GetString("domain"), Text: text, Link: "/dashboard/tests",
			Data: map[string]any{"experiment_id": x.Id, "experiment_name": x.GetString("name"), "observed": srm["observed"], "p_value": p},
		})
	}
}

const weekSetting = "weekly_summary_week"

// weeklyDue reports the ISO week to summarise when it is Monday from 9:00 in the site's zone.
func weeklyDue(now time.Time, zone *time.Location) (string, bool) {
	local := now.In(zone)
	if local.Weekday() != time.Monday || local.Hour() < 9 {
		return "", false
	}
	y, w := local.ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w), true
}

// weeklySummary posts last week's figures, with the change from the week before, once a week.
func (b *Bus) weeklySummary(store eventstore.Store, site, rec *core.Record, now time.Time) {
	zone := zones.SiteByID(b.app, site.Id)
	week, due := weeklyDue(now, zone)
	if !due || settingsOf(rec)[weekSetting] == week {
		return
	}
	day := func(back int) string { return now.In(zone).AddDate(0, 0, -back).Format("2006-01-02") }
	last, err := analytics.Summary(store, site.Id, eventstore.DayRange{From: day(7), To: day(1)})
	if err != nil {
		return
	}
	before, err := analytics.Summary(store, site.Id, eventstore.DayRange{From: day(14), To: day(8)})
	if err != nil {
		return
	}
	ev := summaryEvent(site, week, last, before)
	fresh, err := b.app.FindRecordById("integrations", rec.Id)
	if err != nil {
		return
	}
	m := settingsOf(fresh)
	m[weekSetting] = week // claimed before sending: a failed week is not sent twice
	fresh.Set("settings", m)
	if b.app.Save(fresh) == nil {
		b.deliver(fresh, ev)
	}
}

func summaryEvent(site *core.Record, week string, last, before eventstore.Totals) Event {
	domain := site.GetString("domain")
	text := fmt.Sprintf("Visitors %s (%s) · Conversions %s (%s) · Conversion rate %.2f%% (%s) · Revenue %.2f (%s)",
		count(last.Visitors), change(last.Visitors, before.Visitors), count(last.Conversions), change(last.Conversions, before.Conversions),
		last.ConversionRate, change(last.ConversionRate, before.ConversionRate), last.Revenue, change(last.Revenue, before.Revenue))
	return Event{
		ID: "weekly_" + site.Id + "_" + week, Kind: EventWeeklySummary, SiteID: site.Id, Domain: domain,
		Title: "Last week on " + domain, Text: text, Link: "/dashboard/analytics",
		Data: map[string]any{"week": week, "visitors": last.Visitors, "conversions": last.Conversions,
			"conversion_rate": last.ConversionRate, "revenue": last.Revenue},
	}
}

func count(v float64) string { return fmt.Sprintf("%.0f", v) }

// change is the week-over-week change in words a channel reads at a glance.
func change(now, before float64) string {
	if before == 0 {
		if now == 0 {
			return "no change"
		}
		return "new"
	}
	pct := (now - before) / before * 100
	if math.Abs(pct) < 0.05 {
		return "no change"
	}
	return fmt.Sprintf("%+.1f%% vs the week before", pct)
}
