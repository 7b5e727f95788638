package surveys

// surveyPlans are the plans whose sites show surveys: src/lib/plans.ts's surveys capability, both
// pinned by tests/fixtures/contracts/plan-limits.json.
var surveyPlans = map[string]bool{"growth": true, "enterprise": true}

// planRequired is the refusal for a site on another plan (src/lib/plans.ts upgradeMessage; the
// hooks give it, this package only leaves such sites' surveys out of their script).
const planRequired = "On-page surveys requires the Growth plan or higher. Upgrade at /pricing."
