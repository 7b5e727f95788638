package frustration

import (
	"testing"
	"time"

	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
)

func save(t *testing.T, app core.App, collection string, fields map[string]any) *core.Record {
	t.Helper()
	col, err := app.FindCollectionByNameOrId(collection)
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(col)
	for k, v := range fields {
		r.Set(k, v)
	}
	if err := app.SaveNoValidate(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func dbTime(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05.000Z") }

// The job reads the sessions seen since its last run from the real store and schema, writes rows
// only for sessions with a signal, puts the figures on the session's recording, and a recording
// created later gets them from the stored row.
func TestJobComputesSeenSessionsOnce(t *testing.T) {
	app := schematest.NewApp(t)
	owner := save(t, app, "users", map[string]any{"email": "owner@example.com", "password": "kettle-Quartz-81"})
	site := save(t, app, "sites", map[string]any{"user_id": owner.Id, "domain": "shop.example.com", "plan_tier": "growth", "public_key": "k1"})
	now := time.Now().UTC()
	start := now.Add(-10 * time.Minute)
	session := func(key string, clicks int) {
		save(t, app, "sessions", map[string]any{"site_id": site.Id, "session_key": key, "visitor": "v" + key, "started_at": dbTime(start),
			"last_seen_at": dbTime(start.Add(5 * time.Second)), "entry_path": "/", "referrer": "https://www.google.com/search", "device_type": "desktop"})
		ev := func(typ, sel string, at time.Duration) {
			save(t, app, "events", map[string]any{"site_id": site.Id, "visitor": "v" + key, "session": key, "type": typ, "path": "/",
				"selector": sel, "ts": start.Add(at).UnixMilli()}) // events keep ms
		}
		ev("pageview", "", 0)
		for i := range clicks {
			ev("click", "main>div.buy", time.Second+time.Duration(i)*200*time.Millisecond)
		}
	}
	session("angry", 3)
	session("calm", 0)
	save(t, app, "session_recordings", map[string]any{"site_id": site.Id, "session_id": "angry", "started_at": dbTime(start)})

	j := newJob(app, sqlite.NewSQLiteStore(app))
	if n, err := j.site(site.Id, now); err != nil || n != 2 {
		t.Fatalf("first run read %d sessions (%v), want 2", n, err)
	}
	if n, _ := j.site(site.Id, now.Add(time.Second)); n != 0 {
		t.Errorf("second run read %d sessions again, want 0", n)
	}
	rows, _ := app.FindAllRecords("session_frustration")
	if len(rows) != 1 || rows[0].GetString("session_id") != "angry" || rows[0].GetInt("rage_clicks") != 1 || rows[0].GetInt("dead_clicks") != 3 {
		t.Fatalf("rows %v", rows)
	}
	rec, _ := app.FindFirstRecordByData("session_recordings", "session_id", "angry")
	if rec.GetInt("rage_clicks") != 1 || rec.GetInt("frustration_score") != 55 || rec.GetString("source") != "google.com" {
		t.Errorf("recording rage %d score %d source %q", rec.GetInt("rage_clicks"), rec.GetInt("frustration_score"), rec.GetString("source"))
	}
	var marks []Signal
	if err := rec.UnmarshalJSONField("signals", &marks); err != nil || len(marks) != 4 {
		t.Errorf("marks %v (%v)", marks, err)
	}
}
