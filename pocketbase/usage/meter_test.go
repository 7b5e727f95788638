package usage

import (
	"fmt"
	"testing"
	"time"

	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// A fresh app with the product's schema, an owner and a Starter site.
func newMeterApp(t *testing.T) (core.App, *core.Record) {
	t.Helper()
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("owner@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("user_id", owner.Id)
	site.Set("domain", "metered.example.com")
	site.Set("plan_tier", "starter")
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	return app, site
}

// visits adds one session for each of n visitors (ids from first on) at the given time.
func visits(t *testing.T, app core.App, siteID string, first, n int, at time.Time) {
	t.Helper()
	err := app.RunInTransaction(func(tx core.App) error {
		for i := first; i < first+n; i++ {
			_, err := tx.NonconcurrentDB().NewQuery(`INSERT INTO sessions (id, site_id, session_key, visitor, started_at) VALUES ({:id}, {:site}, {:key}, {:v}, {:at})`).
				Bind(dbx.Params{"id": fmt.Sprintf("s%014d", i), "site": siteID, "key": fmt.Sprintf("session%08d", i), "v": fmt.Sprintf("visitor%08d", i),
					"at": at.UTC().Format("2006-01-02 15:04:05.000Z")}).Execute()
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func alerts(t *testing.T, app core.App, siteID string) []string {
	t.Helper()
	recs, err := app.FindRecordsByFilter("notifications", "site_id = {:s}", "created_at", 0, 0, dbx.Params{"s": siteID})
	if err != nil {
		t.Fatal(err)
	}
	titles := []string{}
	for _, r := range recs {
		titles = append(titles, r.GetString("title"))
	}
	return titles
}

func TestMeterCountsThisMonthAndAlertsOncePerLevel(t *testing.T) {
	app, site := newMeterApp(t)
	store := sqlite.NewSQLiteStore(app)
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	// Last month's visitors are not this month's usage.
	visits(t, app, site.Id, 0, 500, time.Date(2026, 10, 31, 23, 0, 0, 0, time.UTC))
	visits(t, app, site.Id, 1000, 19_999, now.Add(-48*time.Hour))
	meterAll(app, store, nil, now)
	got, _ := app.FindRecordById("sites", site.Id)
	if got.GetString("usage_period") != "2026-11" || got.GetInt("usage_visitors") != 19_999 || got.GetInt("usage_alert_level") != 0 {
		t.Fatalf("usage = %s %d level %d, want 2026-11 19999 level 0", got.GetString("usage_period"), got.GetInt("usage_visitors"), got.GetInt("usage_alert_level"))
	}
	if a := alerts(t, app, site.Id); len(a) != 0 {
		t.Fatalf("alerts below 80%%: %v", a)
	}

	// One more visitor is 80% of 25,000; a visitor's second session is not a second visitor.
	visits(t, app, site.Id, 20_999, 1, now.Add(-time.Hour))
	meterAll(app, store, nil, now)
	if _, err := app.NonconcurrentDB().NewQuery(`INSERT INTO sessions (id, site_id, session_key, visitor, started_at) VALUES ('again00000001', {:site}, 'sessionagain', 'visitor00001000', {:at})`).
		Bind(dbx.Params{"site": site.Id, "at": now.Add(-time.Minute).Format("2006-01-02 15:04:05.000Z")}).Execute(); err != nil {
		t.Fatal(err)
	}
	meterAll(app, store, nil, now)
	want := []string{"metered.example.com has used 80% of its monthly visitors"}
	if a := alerts(t, app, site.Id); fmt.Sprint(a) != fmt.Sprint(want) {
		t.Fatalf("alerts at 80%% = %v, want %v", a, want)
	}

	visits(t, app, site.Id, 30_000, 5_000, now.Add(-time.Hour))
	meterAll(app, store, nil, now)
	meterAll(app, store, nil, now)
	want = append(want, "metered.example.com reached its monthly visitor limit")
	if a := alerts(t, app, site.Id); fmt.Sprint(a) != fmt.Sprint(want) {
		t.Fatalf("alerts at 100%% = %v, want %v", a, want)
	}
	got, _ = app.FindRecordById("sites", site.Id)
	if got.GetInt("usage_visitors") != 25_000 || got.GetInt("usage_alert_level") != 100 {
		t.Errorf("usage = %d level %d, want 25000 level 100", got.GetInt("usage_visitors"), got.GetInt("usage_alert_level"))
	}

	// A new month starts from zero, and may alert again.
	next := time.Date(2026, 12, 1, 0, 5, 0, 0, time.UTC)
	meterAll(app, store, nil, next)
	got, _ = app.FindRecordById("sites", site.Id)
	if got.GetString("usage_period") != "2026-12" || got.GetInt("usage_visitors") != 0 || got.GetInt("usage_alert_level") != 0 {
		t.Errorf("new month usage = %s %d level %d", got.GetString("usage_period"), got.GetInt("usage_visitors"), got.GetInt("usage_alert_level"))
	}
}

// Plans without a limit are metered (Settings shows the figure) but never alerted.
func TestUnmeteredPlansNeverAlert(t *testing.T) {
	app, site := newMeterApp(t)
	site.Set("plan_tier", "enterprise")
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	visits(t, app, site.Id, 0, 30_000, now.Add(-time.Minute))
	meterAll(app, sqlite.NewSQLiteStore(app), nil, now)
	got, _ := app.FindRecordById("sites", site.Id)
	if got.GetInt("usage_visitors") != 30_000 {
		t.Errorf("usage = %d, want 30000", got.GetInt("usage_visitors"))
	}
	if a := alerts(t, app, site.Id); len(a) != 0 {
		t.Errorf("alerts on an unmetered plan: %v", a)
	}
}
