// Package usage meters each site's tracked visitors per calendar month (UTC) against its plan: it
// stores the figure on the site (usage_period, usage_visitors) for Settings and the KPI strip, and
// when a site first reaches 80% and then 100% of its plan in a month, tells the owner by an in-app
// notification and a mail. Above the limit tracking goes on; only optional work may stop.
package usage

import (
	"fmt"
	"log"
	"net/mail"
	"strconv"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/mailqueue"
	"cro/pocketbase/notify"
	"cro/pocketbase/periodic"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// Register meters every site once the server runs, then every CRO_USAGE_INTERVAL_SECONDS (default
// 600; tests use a second or two).
func Register(app *pocketbase.PocketBase, store eventstore.Store, mails *mailqueue.Queue) {
	periodic.Run(app, 0, periodic.Interval("CRO_USAGE_INTERVAL_SECONDS", 10*time.Minute), func() { meterAll(app, store, mails, time.Now()) })
}

func meterAll(app core.App, store eventstore.Store, mails *mailqueue.Queue, now time.Time) {
	sites, err := app.FindAllRecords("sites")
	if err != nil {
		log.Printf("usage: listing sites failed: %v", err)
		return
	}
	for _, site := range sites {
		if err := meter(app, store, mails, site, now); err != nil {
			log.Printf("usage: metering site %s failed: %v", site.Id, err)
		}
	}
}

func meter(app core.App, store eventstore.Store, mails *mailqueue.Queue, site *core.Record, now time.Time) error {
	now = now.UTC()
	period := now.Format("2006-01")
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	visitors, err := store.DistinctVisitors(site.Id, monthStart)
	if err != nil {
		return err
	}
	limit := limitOf(site.GetString("plan_tier"))
	level := alertLevel(visitors, limit)
	previous := 0
	if site.GetString("usage_period") == period {
		previous = site.GetInt("usage_alert_level")
	}
	if site.GetString("usage_period") == period && site.GetInt("usage_visitors") == visitors && previous >= level {
		return nil
	}
	site.Set("usage_period", period)
	site.Set("usage_visitors", visitors)
	site.Set("usage_alert_level", max(level, previous))
	if err := app.SaveNoValidate(site); err != nil {
		return err
	}
	if level > previous {
		alert(app, mails, site, visitors, limit, level)
	}
	return nil
}

// alert tells the owner once per level and month; a failure to notify is logged, never retried
// into a flood.
func alert(app core.App, mails *mailqueue.Queue, site *core.Record, visitors, limit, level int) {
	domain := site.GetString("domain")
	title := fmt.Sprintf("%s has used %d%% of its monthly visitors", domain, level)
	message := fmt.Sprintf("%s of %s tracked visitors this month on your plan.", thousands(visitors), thousands(limit))
	if level >= 100 {
		title = fmt.Sprintf("%s reached its monthly visitor limit", domain)
		message += " Page views are still counted; recordings and heatmap capture pause until next month or an upgrade."
	}
	owner := site.GetString("user_id")
	if err := notify.Create(app, notify.Notification{User: owner, Site: site.Id, Type: "alert", Title: title, Message: message, Link: "/dashboard/settings"}); err != nil {
		log.Printf("usage: notification for site %s failed: %v", site.Id, err)
	}
	user, err := app.FindRecordById("users", owner)
	if err != nil || mails == nil {
		return
	}
	s := app.Settings().Meta
	mails.Send(&mailer.Message{
		From:    mail.Address{Name: s.SenderName, Address: s.SenderAddress},
		To:      []mail.Address{{Address: user.Email()}},
		Subject: title,
		Text:    message + "\n\nSee your usage in Settings, or compare plans at /pricing.",
		HTML:    "<p>" + message + "</p><p>See your usage in Settings, or compare plans at /pricing.</p>",
	}, "usage alert")
}

func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
