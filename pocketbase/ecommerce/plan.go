package ecommerce

import "github.com/pocketbase/pocketbase/core"

// ecommercePlans are the plans whose sites get ecommerce analytics: src/lib/plans.ts's ecommerce
// capability, both pinned by tests/fixtures/contracts/plan-limits.json.
var ecommercePlans = map[string]bool{"enterprise": true}

// planRequired is the refusal for a site on another plan (src/lib/plans.ts upgradeMessage).
const planRequired = "Ecommerce analytics requires the Enterprise & Ecom plan. Upgrade at /pricing."

func planAllows(site *core.Record) bool {
	return site != nil && ecommercePlans[site.GetString("plan_tier")]
}
