package reports

import "github.com/pocketbase/pocketbase/core"

// minimumPlan is the lowest plan that sends reports of each frequency: src/lib/report-plans.ts,
// both pinned by tests/fixtures/contracts/plan-limits.json. Free sends no scheduled reports.
var minimumPlan = map[string]string{Daily: "growth", Weekly: "starter", Monthly: "starter"}

var planRank = map[string]int{"free": 0, "starter": 1, "growth": 2, "enterprise": 3}

// frequencyRefusals are the refusals (403) of src/lib/report-plans.ts.
var frequencyRefusals = map[string]string{
	Daily:   "Daily reports require the Growth plan or higher. Upgrade at /pricing.",
	Weekly:  "Weekly reports require a paid plan. Upgrade at /pricing.",
	Monthly: "Monthly reports require a paid plan. Upgrade at /pricing.",
}

// FrequencyAllowed says whether a site on plan (free when missing or unknown) may send reports of
// frequency.
func FrequencyAllowed(plan, frequency string) bool {
	need, ok := minimumPlan[frequency]
	return ok && planRank[plan] >= planRank[need]
}

// planRefusal is the reason a site's plan does not send this report, or "" when it does.
func planRefusal(site, report *core.Record) string {
	frequency := report.GetString("frequency")
	if FrequencyAllowed(site.GetString("plan_tier"), frequency) {
		return ""
	}
	return frequencyRefusals[frequency]
}
