package ecommerce

import "testing"

// Each source reports every action it sees once: per session and fingerprint, the source with
// more events is the count, so a page reporting through both is not counted twice.
func TestCountedKeepsEachActionOnce(t *testing.T) {
	ev := func(session, fp, source string) eventRow {
		return eventRow{Session: session, Fingerprint: fp, Source: source}
	}
	rows := []eventRow{
		ev("s1", "add_to_cart||Ax1", "api"), ev("s1", "add_to_cart||Ax1", "datalayer"), // one action, both sources
		ev("s1", "view_item||Ax1", "api"), ev("s1", "view_item||Ax1", "api"), ev("s1", "view_item||Ax1", "datalayer"), // two views
		ev("s2", "add_to_cart||Ax1", "datalayer"), ev("s2", "add_to_cart||Ax1", "datalayer"), // two adds, dataLayer only
		ev("s3", "add_to_cart||Ax1", "api"), // another session's
	}
	got := map[string]int{}
	for _, r := range counted(rows) {
		got[r.Session+" "+r.Fingerprint+" "+r.Source]++
	}
	want := map[string]int{
		"s1 add_to_cart||Ax1 api": 1, "s1 view_item||Ax1 api": 2, "s2 add_to_cart||Ax1 datalayer": 2, "s3 add_to_cart||Ax1 api": 1,
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d, want %d (all: %v)", k, got[k], n, got)
		}
	}
}

func TestConvertWithTheOwnersRates(t *testing.T) {
	s := Settings{Currency: "SEK", Rates: map[string]float64{"EUR": 11.5}}
	if v, ok := s.Convert(40, "EUR"); !ok || v != 460 {
		t.Errorf("40 EUR: %v %v", v, ok)
	}
	if v, ok := s.Convert(10, ""); !ok || v != 10 {
		t.Errorf("no currency is the reporting one: %v %v", v, ok)
	}
	if _, ok := s.Convert(10, "GBP"); ok {
		t.Error("a currency without a rate cannot be converted")
	}
}
