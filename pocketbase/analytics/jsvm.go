package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"encoding/json"
	"errors"
	"time"

	"github.com/dop251/goja"
)

// BindJS exposes the queries the hooks need as $analytics (see jsvm.Config.OnInit), so that no
// hook reads the event tables with SQL. Every result is a plain object built from JSON, with its
// keys in a fixed order (the health evaluation compares JSON.stringify of telemetry samples).
// pocketbase/pb_hooks/types/analytics.d.ts declares the same methods for the hooks type-check.
//
//	$analytics.ruleHealth(siteId, ruleId, sinceMs) -> RuleTelemetry since a time (ms since epoch)
//	$analytics.workerTelemetry(siteId, ruleIds)   -> WorkerTelemetry of the last hour and day
//	$analytics.recentTotals(siteId, days)          -> Totals from the day `days` days ago on
//	$analytics.report(siteId, days)                -> the Analytics screen's report (7, 30 or 90 days)
//
// Failures are thrown as JS errors.
func BindJS(vm *goja.Runtime, store eventstore.Store) {
	obj := vm.NewObject()
	_ = obj.Set("ruleHealth", func(siteID, ruleID string, sinceMs int64) (goja.Value, error) {
		t, err := store.RuleHealth(siteID, ruleID, time.UnixMilli(sinceMs))
		return plainJS(vm, t, err)
	})
	_ = obj.Set("workerTelemetry", func(siteID string, ruleIDs []string) (goja.Value, error) {
		t, err := store.WorkerTelemetry(siteID, ruleIDs, time.Now())
		return plainJS(vm, t, err)
	})
	// timeZone is the site's time_zone ("" = UTC): its days are the ones its rollups count.
	_ = obj.Set("recentTotals", func(siteID string, days int, timeZone string) (goja.Value, error) {
		t, err := store.Totals(siteID, eventstore.DayRange{From: zones.CalDay(time.Now().In(zones.Named(timeZone)).AddDate(0, 0, -days)), To: eventstore.OpenEnd})
		deriveTotals(&t)
		return plainJS(vm, t, err)
	})
	_ = obj.Set("report", func(siteID string, days int, timeZone string) (goja.Value, error) {
		if days != 7 && days != 30 && days != 90 {
			return nil, errors.New("days must be 7, 30 or 90")
		}
		r, err := buildReport(store, siteID, days, time.Now().In(zones.Named(timeZone)))
		return plainJS(vm, r, err)
	})
	_ = vm.Set("$analytics", obj)
}

// plainJS turns a result into a plain JS object (JSON.parse of its JSON, so keys keep their order).
func plainJS(vm *goja.Runtime, v any, err error) (goja.Value, error) {
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	parse, ok := goja.AssertFunction(vm.Get("JSON").ToObject(vm).Get("parse"))
	if !ok {
		return nil, errors.New("JSON.parse is missing")
	}
	return parse(goja.Undefined(), vm.ToValue(string(body)))
}
