package eventstore

// RatioReads are the sums of experiments' ratio metrics (src/lib/experiment-metrics.ts), read per
// variant over the exposed visitors so that ratio metrics and ratio guardrails answer the same on
// every store.
type RatioReads interface {
	// RatioSums sums a ratio metric per variant over the experiment's exposed visitors (variants
	// nobody saw are absent): each visitor's numerator and denominator since their first exposure
	// and, with a CUPED window, the same in the window before it.
	RatioSums(q RatioQuery) ([]RatioSums, error)
}

// The parts a ratio metric is made of, each counted per exposed visitor at or after the first
// exposure (or, for the pre-exposure sums, in the window before it).
const (
	RatioRevenue  = "revenue"  // purchases' revenue (since: the experiment's capped revenue; before: purchase values)
	RatioSessions = "sessions" // sessions active since (started in the window, before)
	RatioPages    = "pages"    // those sessions' page views
	RatioOrders   = "orders"   // purchases (custom events with a value)
	RatioGoal     = "goal"     // conversions of GoalID
)

// RatioQuery is one ratio metric of one experiment; WindowDays 0 reads no pre-exposure sums.
type RatioQuery struct {
	SiteID, ExperimentID   string
	Numerator, Denominator string // Ratio* parts
	GoalID                 string // RatioGoal's goal
	WindowDays             int
}

// RatioSums are one variant's sums of a ratio metric over its exposed visitors.
type RatioSums struct {
	Variant            string  `db:"variant" json:"variant"`
	Count              float64 `db:"n" json:"count"`
	Numerator          float64 `db:"num" json:"numerator"`
	NumeratorSquares   float64 `db:"num2" json:"numerator_squares"`
	Denominator        float64 `db:"den" json:"denominator"`
	DenominatorSquares float64 `db:"den2" json:"denominator_squares"`
	Products           float64 `db:"prod" json:"products"`
	// The pre-exposure window's numerator and denominator and their products (zeros without CUPED).
	NumeratorPre                 float64 `db:"npre" json:"numerator_pre"`
	NumeratorPreSquares          float64 `db:"npre2" json:"numerator_pre_squares"`
	DenominatorPre               float64 `db:"dpre" json:"denominator_pre"`
	DenominatorPreSquares        float64 `db:"dpre2" json:"denominator_pre_squares"`
	NumeratorNumeratorPre        float64 `db:"num_npre" json:"numerator_numerator_pre"`
	DenominatorDenominatorPre    float64 `db:"den_dpre" json:"denominator_denominator_pre"`
	NumeratorPreDenominatorPre   float64 `db:"npre_dpre" json:"numerator_pre_denominator_pre"`
	NumeratorDenominatorPre      float64 `db:"num_dpre" json:"numerator_denominator_pre"`
	NumeratorPreDenominatorPlain float64 `db:"npre_den" json:"numerator_pre_denominator"`
}
