package sqlite

import (
	"strconv"
	"testing"

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
		if e.GetString("path") != "/p"+strconv.Itoa(i) || e.GetString("ts") != "2026-11-26 10:00:0"+strconv.Itoa(i)+".000Z" {
			t.Errorf("event %d: path %q ts %q", i, e.GetString("path"), e.GetString("ts"))
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
	e.Load(map[string]any{"site_id": "site0000000000a", "type": "pageview", "visitor": "v1", "session": "s1", "ts": "2026-11-26 10:30:00.000Z"})
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
	row := eventRow{site: "site0000000000a", typ: "pageview", ts: "2026-11-26 11:00:00.000Z"}
	if _, err := app.NonconcurrentDB().(*dbx.DB).DB().Exec(insertEventSQL, row.appendValues(nil)...); err != nil {
		t.Fatal(err)
	}
	_ = app.DB().NewQuery("SELECT MAX(rowid) FROM events").Row(&after)
	if after != before+1 {
		t.Errorf("the writer's event got rowid %d, want %d", after, before+1)
	}
}
