package sqlite

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// Retention's pass deletes the stored days of a site's funnels no funnel of it has any more
// (deleted, or changed: a new key), keeps the defined ones' and other sites', and deletes
// nothing of the kind before the funnels are told or when they cannot be read.
func TestPruneDeletesTheDaysOfFunnelsNoLongerDefined(t *testing.T) {
	const site, other = "fprunesite00001", "fprunesite00002"
	store := openSQLiteStore(t, site, other).(*sqliteStore)
	steps := func(site string, pages ...string) eventstore.FunnelQuery {
		q := eventstore.FunnelQuery{SiteID: site, Window: 24 * time.Hour, Order: eventstore.FunnelOrdered}
		for _, p := range pages {
			q.Steps = append(q.Steps, eventstore.FunnelStep{Page: p})
		}
		return q
	}
	live, gone, elsewhere := funneldays.Key(steps(site, "/", "/cart")), funneldays.Key(steps(site, "/", "/paid")), funneldays.Key(steps(other, "/", "/x"))
	for _, r := range [][3]string{{site, live, "2026-03-01"}, {site, live, "2026-03-02"}, {site, gone, "2026-03-01"}, {other, elsewhere, "2026-03-01"}} {
		if _, err := store.app.NonconcurrentDB().NewQuery(`INSERT INTO funnel_days (site_id, funnel_key, day, attempts) VALUES ({:s}, {:k}, {:d}, x'00')`).
			Bind(dbx.Params{"s": r[0], "k": r[1], "d": r[2]}).Execute(); err != nil {
			t.Fatal(err)
		}
	}
	stored := func() []string {
		t.Helper()
		var out []string
		if err := store.app.DB().NewQuery(`SELECT site_id || ' ' || funnel_key || ' ' || day FROM funnel_days ORDER BY 1`).Column(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	all := stored()
	cutoff := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // before every stored day: retention keeps them
	if err := store.PruneSite(site, cutoff); err != nil || !reflect.DeepEqual(stored(), all) {
		t.Fatalf("before the funnels are told: %v, days %q, want all %q", err, stored(), all)
	}
	unreadable := true
	store.DefineFunnels(func(s string) ([]eventstore.FunnelQuery, error) {
		if unreadable {
			return nil, errors.New("the funnels cannot be read")
		}
		return []eventstore.FunnelQuery{steps(s, "/", "/cart")}, nil
	})
	if err := store.PruneSite(site, cutoff); err != nil || !reflect.DeepEqual(stored(), all) {
		t.Fatalf("funnels unreadable: %v, days %q, want all %q", err, stored(), all)
	}
	unreadable = false
	if err := store.PruneSite(site, cutoff); err != nil {
		t.Fatal(err)
	}
	want := []string{site + " " + live + " 2026-03-01", site + " " + live + " 2026-03-02", other + " " + elsewhere + " 2026-03-01"}
	if got := stored(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after the prune\n got %q\nwant %q", got, want)
	}
}
