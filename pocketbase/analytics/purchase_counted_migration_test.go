package analytics

import (
	"testing"

	"github.com/pocketbase/pocketbase/core"
	_ "github.com/pocketbase/pocketbase/migrations" // the system tables the schema builds on

	"cro/pocketbase/schematest"
)

// Purchases stored before a purchase kept its counted value count in full, as they did: the
// migration copies their value into x; other events and purchases with a counted x are left.
func TestPurchaseCountedValueMigration(t *testing.T) {
	app, migrate := schematest.NewAppBefore(t, "1763906100_purchase_counted_value.js")
	events, _ := app.FindCollectionByNameOrId("events")
	add := func(typ string, value, x float64) string {
		e := core.NewRecord(events)
		e.Set("site_id", "site0000000000a")
		e.Set("type", typ)
		e.Set("value", value)
		e.Set("x", x)
		if err := app.SaveNoValidate(e); err != nil {
			t.Fatal(err)
		}
		return e.Id
	}
	old, counted, free, click := add("custom", 120, 0), add("custom", 900, 300), add("custom", 0, 0), add("click", 0, 40)

	migrate()

	for id, want := range map[string]float64{old: 120, counted: 300, free: 0, click: 40} {
		e, err := app.FindRecordById("events", id)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.GetFloat("x"); got != want {
			t.Errorf("event %s: x %v, want %v", id, got, want)
		}
	}
}
