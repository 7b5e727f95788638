package whitelabel

// The plan matrix of src/lib/plans.ts (white_label, BRAND_LIMITS), both pinned by
// tests/fixtures/contracts/plan-limits.json.

// whiteLabelPlans are the plans whose organizations' brands are applied.
var whiteLabelPlans = map[string]bool{"enterprise": true}

// brandLimits is how many brands an organization may hold on each plan; -1 = no limit. "custom" is
// the Custom Enterprise contract (organizations.custom_enterprise) on top of Enterprise & Ecom.
var brandLimits = map[string]int{"free": 0, "starter": 0, "growth": 0, "enterprise": 1, "custom": -1}

const (
	whiteLabelRefusal = "White label requires the Enterprise & Ecom plan. Upgrade at /pricing."
	multiBrandRefusal = "More than one brand requires the Custom Enterprise plan. Book a demo at /pricing."
)

// activeStatuses are the subscription states that keep a plan (lib/billing.js).
var activeStatuses = map[string]bool{"active": true, "trialing": true, "past_due": true}

// brandLimit is the limit for an owner on tier, with or without the Custom Enterprise contract.
func brandLimit(tier string, customEnterprise bool) int {
	if customEnterprise && tier == "enterprise" {
		return brandLimits["custom"]
	}
	return brandLimits[tier]
}
