package integrations

import (
	"strings"
	"testing"
	"time"

	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
)

// busApp is an app with the real schema, a user owning a site, and a bus whose guard allows the
// given stand-ins.
func busApp(t *testing.T, servers ...*standIn) (core.App, *Bus, *core.Record) {
	t.Helper()
	t.Setenv("CRO_INTEGRATION_RETRY_MS", "5")
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	user := core.NewRecord(users)
	user.SetEmail("owner@example.com")
	user.SetPassword("correct-horse-battery")
	if err := app.Save(user); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("user_id", user.Id)
	site.Set("domain", "shop.example.com")
	if err := app.Save(site); err != nil {
		t.Fatal(err)
	}
	b := NewBus(app, NewSecrets(app.DataDir))
	b.guard = allowing(servers...)
	return app, b, site
}

func addIntegration(t *testing.T, app core.App, b *Bus, site *core.Record, kind string, settings map[string]any, creds map[string]string) *core.Record {
	t.Helper()
	col, _ := app.FindCollectionByNameOrId("integrations")
	rec := core.NewRecord(col)
	rec.Set("site_id", site.Id)
	rec.Set("integration_type", kind)
	rec.Set("name", kind)
	rec.Set("status", "connected")
	rec.Set("enabled", true)
	rec.Set("settings", settings)
	if err := b.secrets.SealInto(rec, creds); err != nil {
		t.Fatal(err)
	}
	if err := app.Save(rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

func deliveries(t *testing.T, app core.App, rec *core.Record) []*core.Record {
	t.Helper()
	rows, err := app.FindRecordsByFilter("integration_deliveries", "integration_id = {:id}", "attempt", 0, 0, map[string]any{"id": rec.Id})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestAWebhookFailingTwiceIsDeliveredOnTheThirdAttempt(t *testing.T) {
	s := newStandIn(t, func(received) (int, string) { return 200, "" })
	s.fail = 2
	app, b, site := busApp(t, s)
	rec := addIntegration(t, app, b, site, "webhook", map[string]any{"url": s.URL + "/hook"}, map[string]string{"secret": "s3cret-signing"})
	b.Publish(Event{ID: "rollback_abc", Kind: EventRollback, SiteID: site.Id, Title: "Rolled back"})
	waitFor(t, func() bool { return len(deliveries(t, app, rec)) == 3 })
	b.Wait()

	got := s.requests()
	if len(got) != 3 {
		t.Fatalf("%d attempts", len(got))
	}
	for _, r := range got {
		if r.Header.Get("Idempotency-Key") != "rollback_abc" {
			t.Fatal("every attempt carries the same idempotency key")
		}
	}
	rows := deliveries(t, app, rec)
	statuses := []string{rows[0].GetString("status"), rows[1].GetString("status"), rows[2].GetString("status")}
	if statuses[0] != "failed" || statuses[1] != "failed" || statuses[2] != "delivered" {
		t.Fatalf("log %v", statuses)
	}
	if rows[0].GetInt("http_status") != 503 || rows[2].GetInt("http_status") != 200 {
		t.Fatal("the log keeps each attempt's HTTP status")
	}
	fresh, _ := app.FindRecordById("integrations", rec.Id)
	if fresh.GetString("status") != "connected" || fresh.GetDateTime("last_synced_at").IsZero() || fresh.GetString("error_message") != "" {
		t.Fatalf("integration %v", fresh.FieldsData())
	}
}

func TestRepeatedFailuresSetErrorAndNotifyTheOwnerOnce(t *testing.T) {
	s := newStandIn(t, func(received) (int, string) { return 410, "gone" })
	app, b, site := busApp(t, s)
	rec := addIntegration(t, app, b, site, "slack", nil, map[string]string{"webhook_url": s.URL + "/services/x"})
	for i := 0; i < 3; i++ {
		b.Publish(Event{ID: "e" + string(rune('a'+i)), Kind: EventWinner, SiteID: site.Id, Title: "Winner"})
		waitFor(t, func() bool { return len(deliveries(t, app, rec)) == i+1 })
		b.Wait()
	}
	if n := len(s.requests()); n != 3 {
		t.Fatalf("a 410 is not retried: %d requests", n)
	}
	fresh, _ := app.FindRecordById("integrations", rec.Id)
	if fresh.GetString("status") != "error" || fresh.GetString("error_message") != "HTTP 410: gone" {
		t.Fatalf("integration %v", fresh.FieldsData())
	}
	notes, _ := app.FindAllRecords("notifications")
	if len(notes) != 1 || notes[0].GetString("user_id") != site.GetString("user_id") || notes[0].GetString("type") != "alert" {
		t.Fatalf("%d notifications", len(notes))
	}
}

func TestTestConnectionChecksAndLogsWithoutRetrying(t *testing.T) {
	s := ga4DebugStandIn(t)
	t.Setenv("CRO_INTEGRATION_ENDPOINTS", "ga4="+s.URL)
	app, b, site := busApp(t, s)
	rec := addIntegration(t, app, b, site, "google_analytics", map[string]any{"property_id": "G-TEST1234"}, map[string]string{"api_secret": "x"})
	a := b.Test(rec, site)
	if !a.OK() || len(s.requests()) != 1 || s.requests()[0].Path != "/debug/mp/collect" {
		t.Fatalf("%+v", a)
	}
	if rows := deliveries(t, app, rec); len(rows) != 1 || rows[0].GetString("event") != "test" {
		t.Fatal("the test is in the log")
	}
	// Credentials stay sealed in the database.
	var stored string
	if err := app.DB().NewQuery("SELECT credentials FROM integrations WHERE id = {:id}").Bind(map[string]any{"id": rec.Id}).Row(&stored); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stored, `"sealed":"v1:`) {
		t.Fatalf("stored %s", stored)
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
