package ecommerce

import (
	"testing"
	"time"

	"cro/pocketbase/integrations"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

func enterpriseSite(t *testing.T) (core.App, string) {
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
	s := core.NewRecord(sites)
	s.Set("user_id", owner.Id)
	s.Set("domain", "shop.example.com")
	s.Set("plan_tier", "enterprise")
	s.Set("public_key", "ecomkey1")
	if err := app.SaveNoValidate(s); err != nil {
		t.Fatal(err)
	}
	return app, s.Id
}

func ordersOf(t *testing.T, app core.App, siteID string) []order {
	t.Helper()
	var rows []order
	if err := app.DB().NewQuery(`SELECT order_id, visitor, session, ts, value, currency, coupon, items, origin FROM ecommerce_orders
		WHERE site_id = {:site}`).Bind(dbx.Params{"site": siteID}).All(&rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// Whichever comes first, the browser's purchase and the shop's order of the same id are one order
// at the shop's figure, with the browser's session and time.
func TestTheServersOrderWins(t *testing.T) {
	app, site := enterpriseSite(t)
	at := time.Now().Add(-time.Hour).UnixMilli()
	browser := Event{Kind: "purchase", OrderID: "1001", Value: 100, Currency: "SEK", Items: []Item{{ID: "A", Name: "A", Price: 100, Quantity: 1}}}
	shop := integrations.Order{ID: "shopify:5001", AltIDs: []string{"#1001", "1001"}, Value: 120, Currency: "sek", Coupon: "SPRING",
		Items: []integrations.OrderItem{{ID: "A", Name: "A", Price: 120, Quantity: 1}}}

	browserOrder(app, site, "v1", "s1", at, browser)
	serverOrder(app, site, shop, time.Now())
	serverOrder(app, site, shop, time.Now())           // retried
	browserOrder(app, site, "v1", "s1", at+5, browser) // the other source's report of it
	got := ordersOf(t, app, site)
	if len(got) != 1 || got[0].Value != 120 || got[0].Currency != "SEK" || got[0].Origin != "shopify" || got[0].Session != "s1" ||
		got[0].TS != at || got[0].Coupon != "SPRING" {
		t.Fatalf("browser first: %+v", got)
	}

	app2, site2 := enterpriseSite(t)
	serverOrder(app2, site2, shop, time.Now())
	browserOrder(app2, site2, "v1", "s1", at, browser)
	got = ordersOf(t, app2, site2)
	if len(got) != 1 || got[0].Value != 120 || got[0].Session != "s1" || got[0].Visitor != "v1" {
		t.Fatalf("server first: %+v", got)
	}
}

func TestPruneFollowsRetention(t *testing.T) {
	app, site := enterpriseSite(t)
	in := &ingest{app: app, capture: &capture{app: app, m: map[string]captureEntry{}}, sessions: map[string]*entrySession{}}
	old, recent := time.Now().Add(-100*24*time.Hour).UnixMilli(), time.Now().UnixMilli()
	for _, x := range []struct {
		session string
		ts      int64
	}{{"old", old}, {"new", recent}} {
		in.noteEntry(site, x.session, "Direct", "desktop")
		in.storeSession(site, x.session)
		if _, err := app.DB().NewQuery(`INSERT INTO ecommerce_events (id, site_id, session, ts, kind, items) VALUES ({:id}, {:site}, {:s}, {:ts},
			'view_item', '[]')`).Bind(dbx.Params{"id": newID(), "site": site, "s": x.session, "ts": x.ts}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	if err := prune(app, site, time.Now().Add(-90*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	var sessions []string
	_ = app.DB().NewQuery(`SELECT session FROM ecommerce_sessions`).Column(&sessions)
	var events []string
	_ = app.DB().NewQuery(`SELECT session FROM ecommerce_events`).Column(&events)
	if len(sessions) != 1 || sessions[0] != "new" || len(events) != 1 || events[0] != "new" {
		t.Fatalf("sessions %v, events %v", sessions, events)
	}
}
