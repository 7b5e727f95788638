package usage

// monthlyVisitorLimits mirrors src/lib/plans.ts MONTHLY_VISITOR_LIMITS (0 = not metered); both are
// pinned by tests/fixtures/contracts/plan-limits.json.
var monthlyVisitorLimits = map[string]int{"free": 0, "starter": 25000, "growth": 100000, "enterprise": 0}

var alertLevels = []int{80, 100}

// limitOf returns the plan's monthly visitor limit, 0 when not metered (unknown plans are free).
func limitOf(plan string) int { return monthlyVisitorLimits[plan] }

// alertLevel is the highest level reached, 0 for none or when not metered.
func alertLevel(visitors, limit int) int {
	if limit <= 0 {
		return 0
	}
	level := 0
	for _, l := range alertLevels {
		if visitors*100 >= limit*l {
			level = l
		}
	}
	return level
}
