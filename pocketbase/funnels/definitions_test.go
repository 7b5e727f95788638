package funnels

import (
	"reflect"
	"testing"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
)

// defsStore is a store with background passes (eventstore.Definitions) that keeps what it is told.
type defsStore struct {
	eventstore.Store
	funnels   func(siteID string) ([]eventstore.FunnelQuery, error)
	redefined []string
}

func (s *defsStore) DefineFunnels(f func(string) ([]eventstore.FunnelQuery, error))     { s.funnels = f }
func (s *defsStore) DefineMetrics(func(string) ([]eventstore.RatioQuery, error))        {}
func (s *defsStore) Redefined(siteID string)                                            { s.redefined = append(s.redefined, siteID) }
func (s *defsStore) DefineCovariates(func(string) ([]eventstore.CovariateQuery, error)) {}

// The store is told the site's funnels as the routes query them (the keys its stored days have):
// an edited funnel's new key replaces the old one, a deleted funnel's key is gone, and the
// store is told of each (Redefined).
func TestStoreIsToldTheSitesFunnels(t *testing.T) {
	app, site := warmApp(t)
	store := &defsStore{}
	registerDefinitions(app, store)
	kept, edited, deleted := newFunnel(t, app, site.Id, "/", "/cart"), newFunnel(t, app, site.Id, "/", "/pricing"), newFunnel(t, app, site.Id, "/", "/paid")
	keys := func() map[string]bool {
		t.Helper()
		qs, err := store.funnels(site.Id)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, q := range qs {
			out[funneldays.Key(q)] = true
		}
		return out
	}
	keyOf := func(id string) string {
		t.Helper()
		f, err := app.FindRecordById("funnels", id)
		if err != nil {
			t.Fatal(err)
		}
		q, ok := QueryOf(app, f)
		if !ok {
			t.Fatal("no query")
		}
		return funneldays.Key(q)
	}
	before := keyOf(edited.Id)
	if got := keys(); len(got) != 3 || !got[keyOf(kept.Id)] || !got[before] || !got[keyOf(deleted.Id)] {
		t.Fatalf("keys told = %v, want the 3 funnels'", got)
	}
	if len(store.redefined) != 0 {
		t.Fatalf("creating funnels told the store %q, want nothing (no key goes)", store.redefined)
	}
	edited.Set("window_days", 7)
	if err := app.Save(edited); err != nil {
		t.Fatal(err)
	}
	gone := keyOf(deleted.Id)
	if err := app.Delete(deleted); err != nil {
		t.Fatal(err)
	}
	got := keys()
	if len(got) != 2 || !got[keyOf(kept.Id)] || !got[keyOf(edited.Id)] || got[before] || got[gone] {
		t.Fatalf("after an edit and a delete, keys told = %v, want the kept funnel's and the edited one's new key", got)
	}
	if want := []string{site.Id, site.Id}; !reflect.DeepEqual(store.redefined, want) {
		t.Fatalf("the store was told %q, want the site once for the edit and once for the delete", store.redefined)
	}
}
