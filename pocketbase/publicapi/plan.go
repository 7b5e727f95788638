package publicapi

import "github.com/pocketbase/pocketbase/core"

// apiPlans are the plans whose sites may use the API: src/lib/plans.ts's api_access capability,
// both pinned by tests/fixtures/contracts/plan-limits.json.
var apiPlans = map[string]bool{"enterprise": true}

// planRequired is the refusal for a site on another plan (src/lib/plans.ts upgradeMessage).
const planRequired = "API access requires the Enterprise & Ecom plan. Upgrade at /pricing."

// planAllowsAPI reports whether the site's current plan includes API access.
func planAllowsAPI(app core.App, siteID string) bool {
	site, err := app.FindRecordById("sites", siteID)
	return err == nil && apiPlans[site.GetString("plan_tier")]
}
