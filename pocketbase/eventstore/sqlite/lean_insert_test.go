package sqlite

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"cro/pocketbase/schematest"

	"github.com/pocketbase/dbx"
)

// A high-volume type's row stored by its lean insert is the row the full insert stores: every
// column's value and storage class; a row setting a column its lean insert leaves empty takes the
// full insert.
func TestLeanInsertStoresTheFullInsertsRow(t *testing.T) {
	app := schematest.NewAppWithSites(t, "site0000000000a")
	db := app.NonconcurrentDB().(*dbx.DB).DB()
	for typ, cols := range leanColumns {
		r := eventRow{site: "site0000000000a", visitor: "v1", session: "s1", typ: typ, ts: 1764300000123, client: "src"}
		for _, c := range cols {
			fill(t, &r, c)
		}
		l := leanFor(&r)
		if l == nil {
			t.Fatalf("%s: a row of its lean columns takes the full insert", typ)
		}
		args := []any{}
		for _, c := range l.bound {
			args = append(args, r.column(c))
		}
		if !reflect.DeepEqual(r.appendValues(nil)[13], r.column(13)) || len(args) != len(cols)+4 {
			t.Fatalf("%s: bound %v", typ, args)
		}
		lean, err := db.Exec(l.sql, args...)
		if err != nil {
			t.Fatal(err)
		}
		full, err := db.Exec(insertEventSQL, r.appendValues(nil)...)
		if err != nil {
			t.Fatal(err)
		}
		a, b := storedRow(t, app.NonconcurrentDB().(*dbx.DB), lean), storedRow(t, app.NonconcurrentDB().(*dbx.DB), full)
		if a != b {
			t.Errorf("%s: lean insert stored\n%s\nfull insert\n%s", typ, a, b)
		}
		r.goal = "g1" // not a lean column of any type
		if leanFor(&r) != nil {
			t.Errorf("%s: a row with a goal takes its lean insert (which stores no goal)", typ)
		}
	}
	if leanFor(&eventRow{typ: "conversion"}) != nil {
		t.Error("a conversion has a lean insert")
	}
}

// column gives each column as appendValues does.
func TestEventRowColumnIsAppendValues(t *testing.T) {
	r := eventRow{site: "s", visitor: "v", session: "k", typ: "custom", name: "n", path: "/p", url: "u", referrer: "r",
		props: `{"a":1}`, value: 1, x: 2, y: 3, selector: "b", ts: 4, rule: "ru", goal: "g", client: "c", ox: 5, oy: 6, viewport: "m"}
	all := r.appendValues(nil)
	for i := range eventColumns {
		if !reflect.DeepEqual(r.column(i), all[i]) {
			t.Errorf("column %d (%s) = %v, appendValues has %v", i, eventColumns[i], r.column(i), all[i])
		}
		if i != 3 && i != 13 && r.isEmpty(i) {
			t.Errorf("column %d (%s) set, isEmpty says empty", i, eventColumns[i])
		}
	}
}

// fill sets r's column c to a value that is not empty.
func fill(t *testing.T, r *eventRow, c string) {
	switch c {
	case "path":
		r.path = "/p"
	case "referrer":
		r.referrer = "https://ref.example/"
	case "props":
		r.props = `{"utm_source":"x"}`
	case "name":
		r.name = "Buy"
	case "x":
		r.x = 60
	case "y":
		r.y = 300.5
	case "selector":
		r.selector = "button.buy"
	case "offset_x":
		r.ox = 0.25
	case "offset_y":
		r.oy = 0.75
	case "viewport":
		r.viewport = "desktop"
	case "value":
		r.value = 4000
	case "url":
		r.url = "https://out.example/"
	default:
		t.Fatalf("no value for column %s", c)
	}
}

// storedRow is a stored event's columns with their storage classes, as text.
func storedRow(t *testing.T, db *dbx.DB, res interface{ LastInsertId() (int64, error) }) string {
	id, _ := res.LastInsertId()
	cols := make([]string, len(eventColumns))
	for i, c := range eventColumns {
		cols[i] = fmt.Sprintf("typeof(%s) || ':' || quote(%s)", c, c)
	}
	var out string
	if err := db.NewQuery("SELECT " + strings.Join(cols, " || ' ' || ") + " FROM events WHERE rowid = {:id}").
		Bind(dbx.Params{"id": id}).Row(&out); err != nil {
		t.Fatal(err)
	}
	return out
}
