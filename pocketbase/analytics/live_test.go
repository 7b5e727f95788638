package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/zones"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// dailyDuring runs during() inside Daily: a change someone makes while the live refresh reads.
type dailyDuring struct {
	eventstore.Store
	rows   []eventstore.DayFigures
	during func()
}

func (s dailyDuring) Daily(string, eventstore.DayRange) ([]eventstore.DayFigures, error) {
	s.during()
	return s.rows, nil
}

// CI saw a plan change made while a visit was being counted undone: the live refresh read the
// site, read the figures, and saved the whole record it had read, plan included.
func TestLiveRefreshKeepsAChangeMadeWhileItRead(t *testing.T) {
	app := newSchemaApp(t, "site1")
	site, err := app.FindRecordById("sites", "site1")
	if err != nil {
		t.Fatal(err)
	}
	users, err := app.FindCollectionByNameOrId("users")
	if err != nil {
		t.Fatal(err)
	}
	owner := core.NewRecord(users)
	owner.SetEmail("owner@example.com")
	owner.SetPassword("a long password")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	site.Set("user_id", owner.Id)
	site.Set("domain", "shop.example.com")
	site.Set("plan_tier", "growth")
	site.Set("status", "active")
	if err := app.Save(site); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	store := dailyDuring{
		Store: sqlite.NewSQLiteStore(app),
		rows:  []eventstore.DayFigures{{Day: zones.CalDay(now), Visitors: 3, Sessions: 4, ConvertedSessions: 1}},
		during: func() {
			changed, err := app.FindRecordById("sites", "site1")
			if err != nil {
				t.Fatal(err)
			}
			changed.Set("plan_tier", "starter")
			changed.Set("status", "suspended")
			if err := app.Save(changed); err != nil {
				t.Fatal(err)
			}
		},
	}
	if err := refreshSite(app, store, "site1", now); err != nil {
		t.Fatal(err)
	}
	after, err := app.FindRecordById("sites", "site1")
	if err != nil {
		t.Fatal(err)
	}
	if got := after.GetString("plan_tier"); got != "starter" {
		t.Errorf("plan_tier = %q after the refresh, want the change made during it (starter)", got)
	}
	if got := after.GetString("status"); got != "suspended" {
		t.Errorf("status = %q after the refresh, want suspended", got)
	}
	if got := after.GetFloat("current_cvr"); got != 25 {
		t.Errorf("current_cvr = %v, want 25 (1 converted session of 4)", got)
	}
	if got := after.GetFloat("monthly_visitors"); got != 3 {
		t.Errorf("monthly_visitors = %v, want 3", got)
	}
}
