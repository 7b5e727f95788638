package sqlite

import (
	"strconv"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/schematest"
)

// Events stored before the id became the rowid keep their rows, their order and their indexes;
// the table has no second index for the id, and the record API still creates and reads events.
func TestEventsRowidMigrationKeepsEveryEvent(t *testing.T) {
	app, migrate := schematest.NewAppBefore(t, "1763906000_events_rowid_id.js")
	events, _ := app.FindCollectionByNameOrId("events")
	var rowids []int64
	for i, typ := range []string{"pageview", "click", "leave", "conversion"} {
		e := core.NewRecord(events)
		e.Set("site_id", "site0000000000a")
		e.Set("type", typ)
		e.Set("path", "/p"+strconv.Itoa(i))
		e.Set("ts", "2026-11-26 10:00:0"+strconv.Itoa(i)+".000Z")
		if err := app.SaveNoValidate(e); err != nil {
			t.Fatal(err)
		}
		var r int64
		if err := app.DB().NewQuery("SELECT rowid FROM events WHERE id = {:id}").Bind(dbx.Params{"id": e.Id}).Row(&r); err != nil {
			t.Fatal(err)
		}
		rowids = append(rowids, r)
	}
	var indexesBefore int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL").Row(&indexesBefore)

	migrate()

	for i, r := range rowids {
		e, err := app.FindRecordById("events", strconv.FormatInt(r, 10))
		if err != nil {
			t.Fatalf("event %d (rowid %d): %v", i, r, err)
		}
		// The later ms migration (1763907000) ran too: the time is the same instant.
		want := time.Date(2026, 11, 26, 10, 0, i, 0, time.UTC).UnixMilli()
		if e.GetString("path") != "/p"+strconv.Itoa(i) || int64(e.GetFloat("ts")) != want {
			t.Errorf("event %d: path %q ts %v", i, e.GetString("path"), e.Get("ts"))
		}
	}
	var named, auto int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NOT NULL").Row(&named)
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events' AND sql IS NULL").Row(&auto)
	if named != indexesBefore || auto != 0 {
		t.Errorf("%d indexes and %d automatic ones after, want %d and 0", named, auto, indexesBefore)
	}

	// The record API (a superuser's create) gets a generated numeric id; the writer's events follow it.
	if _, err := app.DB().NewQuery(`INSERT INTO sites (id, public_key) VALUES ('site0000000000a', 'keya')`).Execute(); err != nil {
		t.Fatal(err)
	}
	events, _ = app.FindCollectionByNameOrId("events") // as the migration left it
	e := core.NewRecord(events)
	e.Load(map[string]any{"site_id": "site0000000000a", "type": "pageview", "visitor": "v1", "session": "s1", "ts": time.Date(2026, 11, 26, 10, 30, 0, 0, time.UTC).UnixMilli()})
	if err := app.Save(e); err != nil {
		t.Fatal(err)
	}
	if _, err := strconv.ParseInt(e.Id, 10, 64); err != nil {
		t.Fatalf("generated id %q is not a number", e.Id)
	}
	if _, err := app.FindRecordById("events", e.Id); err != nil {
		t.Fatal(err)
	}
	var before, after int64
	_ = app.DB().NewQuery("SELECT MAX(rowid) FROM events").Row(&before)
	row := eventRow{site: "site0000000000a", typ: "pageview", ts: time.Date(2026, 11, 26, 11, 0, 0, 0, time.UTC).UnixMilli()}
	if _, err := app.NonconcurrentDB().(*dbx.DB).DB().Exec(insertEventSQL, row.appendValues(nil)...); err != nil {
		t.Fatal(err)
	}
	_ = app.DB().NewQuery("SELECT MAX(rowid) FROM events").Row(&after)
	if after != before+1 {
		t.Errorf("the writer's event got rowid %d, want %d", after, before+1)
	}
}

// Events stored with ISO times keep their rows, rowids and indexes when ts becomes integer ms
// (1763907000): each time is the same instant, an empty one 0, and the field is a number.
func TestEventsTsMsMigrationKeepsEveryEvent(t *testing.T) {
	app, migrate := schematest.NewAppBefore(t, "1763907000_events_ts_ms.js")
	times := []string{"2026-11-26 10:00:00.000Z", "2026-11-26 23:59:59.999Z", "2025-01-01 00:00:00.001Z", ""}
	var rowids []int64
	for i, ts := range times {
		res, err := app.DB().NewQuery(`INSERT INTO events (site_id, visitor, session, type, path, ts) VALUES ('site0000000000a', 'v', 's', 'pageview', {:path}, {:ts})`).
			Bind(dbx.Params{"path": "/p" + strconv.Itoa(i), "ts": ts}).Execute()
		if err != nil {
			t.Fatal(err)
		}
		id, _ := res.LastInsertId()
		rowids = append(rowids, id)
	}
	var indexesBefore int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").Row(&indexesBefore)

	migrate()

	for i, ts := range times {
		var want int64
		if ts != "" {
			at, err := parseDBTime(ts)
			if err != nil {
				t.Fatal(err)
			}
			want = at.UnixMilli()
		}
		var got int64
		var typ, path string
		if err := app.DB().NewQuery("SELECT ts, typeof(ts), path FROM events WHERE rowid = {:r}").Bind(dbx.Params{"r": rowids[i]}).Row(&got, &typ, &path); err != nil {
			t.Fatalf("event %d (rowid %d): %v", i, rowids[i], err)
		}
		if got != want || typ != "integer" || path != "/p"+strconv.Itoa(i) {
			t.Errorf("event %d: ts %d (%s) path %q, want %d (integer) /p%d", i, got, typ, path, want, i)
		}
	}
	var indexesAfter int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'").Row(&indexesAfter)
	if indexesAfter != indexesBefore {
		t.Errorf("%d indexes after, want %d", indexesAfter, indexesBefore)
	}
	events, _ := app.FindCollectionByNameOrId("events")
	if f := events.Fields.GetByName("ts"); f == nil || f.Type() != core.FieldTypeNumber {
		t.Fatalf("ts field %v, want a number", f)
	}
	// The writer's events are stored as the migration left the table.
	row := eventRow{site: "site0000000000a", typ: "pageview", ts: 1764151200123}
	if _, err := app.NonconcurrentDB().(*dbx.DB).DB().Exec(insertEventSQL, row.appendValues(nil)...); err != nil {
		t.Fatal(err)
	}
	var n int
	_ = app.DB().NewQuery("SELECT COUNT(*) FROM events WHERE ts = 1764151200123 AND typeof(ts) = 'integer'").Row(&n)
	if n != 1 {
		t.Errorf("the writer's event: %d rows with its integer time", n)
	}
}
