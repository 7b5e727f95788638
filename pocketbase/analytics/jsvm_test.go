package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/eventstore/storetest"
	"os"
	"regexp"
	"slices"
	"testing"
	"time"

	"github.com/dop251/goja"
)

func boundVM(t *testing.T) *goja.Runtime {
	store := openSQLiteStore(t, storetest.SiteA)
	now := time.Now().UTC()
	site := storetest.Site(storetest.SiteA)
	b := &eventstore.Batch{Key: site.Key, Visitor: "visitorJSJS", Session: "sessionJSJS", Events: []eventstore.Event{
		storetest.At(eventstore.Event{Type: "pv", Path: "/"}, now.Add(-2*time.Minute)),
		storetest.At(eventstore.Event{Type: "ex", Path: "/", ID: storetest.RuleOne, Value: 3.456}, now.Add(-time.Minute)),
		storetest.At(eventstore.Event{Type: "pv", Path: "/thank-you"}, now.Add(-time.Minute)),
	}}
	if err := store.WriteAll([]eventstore.Ingest{{Site: site, Batch: b, Device: "desktop", Browser: "Chrome"}}); err != nil {
		t.Fatal(err)
	}
	vm := goja.New()
	BindJS(vm, store)
	return vm
}

func runJS(t *testing.T, vm *goja.Runtime, src string) string {
	t.Helper()
	v, err := vm.RunString(src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return v.String()
}

// The hooks get plain objects whose JSON has a fixed key order (the health evaluation keys its
// samples by JSON.stringify of the telemetry).
func TestBindJSAnswersWithPlainObjects(t *testing.T) {
	vm := boundVM(t)
	got := runJS(t, vm, `JSON.stringify($analytics.ruleHealth('`+storetest.SiteA+`', '`+storetest.RuleOne+`', Date.now() - 86400000))`)
	want := `{"exposedSessions":1,"exposedErrorSessions":0,"exposedConversions":1,"unexposedSessions":0,` +
		`"unexposedErrorSessions":0,"unexposedConversions":0,"applyFailures":0,"exposedVisitors":1,"exposedSources":1,` +
		`"topExposedSourceVisitors":1,"exposedErrorVisitors":0,"errorVisitorsBySource":[],"applyFailureVisitorsBySource":[]}`
	if got != want {
		t.Errorf("ruleHealth:\n got %s\nwant %s", got, want)
	}
	got = runJS(t, vm, `JSON.stringify($analytics.workerTelemetry('`+storetest.SiteA+`', ['`+storetest.RuleOne+`']))`)
	want = `{"appliedLastHour":1,"exposuresLastDay":1,"meanApplyMs":3.456,"pageLoadsLastDay":2,"failedLoadsLastDay":0}`
	if got != want {
		t.Errorf("workerTelemetry:\n got %s\nwant %s", got, want)
	}
	got = runJS(t, vm, `const t = $analytics.recentTotals('`+storetest.SiteA+`', 30); [t.sessions, t.conversions, t.convertedSessions, t.revenue, t.conversionRate].join()`)
	if got != "1,1,1,50,100" {
		t.Errorf("recentTotals: sessions, conversions, converted sessions, revenue, rate = %s, want 1,1,1,50,100", got)
	}
	if got := runJS(t, vm, `$analytics.recentTotals('nosuchsite00000', 30).sessions`); got != "0" {
		t.Errorf("an unknown site's sessions = %s, want 0", got)
	}
	got = runJS(t, vm, `const r = $analytics.report('`+storetest.SiteA+`', 30); [r.days, r.summary.sessions, r.summary.conversionRate, r.pages.length > 0, Array.isArray(r.devices)].join()`)
	if got != "30,1,100,true,true" {
		t.Errorf("report: days, sessions, rate, has pages, devices = %s, want 30,1,100,true,true", got)
	}
}

// types/analytics.d.ts is kept by hand: it must declare exactly the bound methods.
func TestBindJSMatchesDeclarations(t *testing.T) {
	vm := goja.New()
	BindJS(vm, sqlite.NewSQLiteStore(nil))
	bound := vm.Get("$analytics").ToObject(vm).Keys()
	src, err := os.ReadFile("../pb_hooks/types/analytics.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	body := regexp.MustCompile(`(?s)declare const \$analytics: \{(.*?)\n\};`).FindSubmatch(src)
	if body == nil {
		t.Fatal("no `declare const $analytics: {...};` in analytics.d.ts")
	}
	var declared []string
	for _, m := range regexp.MustCompile(`(?m)^\s+(\w+)\(`).FindAllSubmatch(body[1], -1) {
		declared = append(declared, string(m[1]))
	}
	slices.Sort(bound)
	slices.Sort(declared)
	if !slices.Equal(bound, declared) {
		t.Errorf("bound methods %v, declared %v", bound, declared)
	}
}
