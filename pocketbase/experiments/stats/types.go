package stats

// Metric is the kind of per-unit value an experiment measures; MetricNone marks a case that
// only checks the traffic split (SRM) or only evaluates a risk posterior.
type Metric string

const (
	MetricBinomial Metric = "binomial"
	MetricMean     Metric = "mean"
	MetricNone     Metric = ""
)

// DifferenceType chooses the scale of the effect: relative uplift (B-A)/|A| or B-A.
type DifferenceType string

const (
	Relative DifferenceType = "relative"
	Absolute DifferenceType = "absolute"
)

// Status says whether a comparison has a result; anything but StatusOK carries the neutral
// "no result" outputs (effect 0, p-values 1, chance to win 0.5).
type Status string

const (
	StatusOK           Status = "ok"
	StatusZeroVariance Status = "zero_variance"
	StatusBaselineZero Status = "baseline_zero"
)

// Case is one experiment to analyse. Variant 0 is the control.
type Case struct {
	Metric    Metric     `json:"metric"`
	Variants  []Variant  `json:"variants,omitempty"`
	Weights   []float64  `json:"weights"` // expected traffic split, any positive scale; 0 excludes an arm from SRM
	Settings  Settings   `json:"settings,omitzero"`
	Posterior *Posterior `json:"posterior,omitempty"` // only for a risk evaluation without a metric
}

// Variant holds one arm's counts: Users and Conversions for a binomial metric (Users alone for
// an SRM check), Count, Sum and SumSquares of the per-unit value for a mean metric.
type Variant struct {
	Users       float64 `json:"users,omitempty"`
	Conversions float64 `json:"conversions,omitempty"`
	Count       float64 `json:"count,omitempty"`
	Sum         float64 `json:"sum,omitempty"`
	SumSquares  float64 `json:"sum_squares,omitempty"`
}

// Settings of the analysis; zero values mean GrowthBook's defaults (see withDefaults).
type Settings struct {
	Alpha             float64        `json:"alpha"`
	DifferenceType    DifferenceType `json:"difference_type"`
	SequentialTuningN float64        `json:"sequential_tuning_n"`
	Prior             Prior          `json:"prior"`
	Inverse           bool           `json:"inverse"` // lower is better; flips the Bayesian outputs only
}

// Prior is a Gaussian prior on the relative effect; an improper (flat) prior ignores mean and variance.
type Prior struct {
	Mean     float64 `json:"mean"`
	Variance float64 `json:"variance"`
	Proper   bool    `json:"proper"`
}

// Posterior is a Gaussian effect posterior given directly, for a risk evaluation.
type Posterior struct {
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
}

// Expected is the engine's answer for a Case.
type Expected struct {
	SRMPValue   *float64     `json:"srm_p_value,omitempty"` // set whenever the case has weights
	Comparisons []Comparison `json:"comparisons,omitempty"`
	Risk        *[2]float64  `json:"risk,omitempty"` // risk evaluation only
	ChanceToWin *float64     `json:"chance_to_win,omitempty"`
}

// Comparison is one variant against the control.
type Comparison struct {
	Variant         int      `json:"variant"`
	Status          Status   `json:"status"`
	ControlMean     float64  `json:"control_mean"`
	VariantMean     float64  `json:"variant_mean"`
	ControlVariance float64  `json:"control_variance"`
	VariantVariance float64  `json:"variant_variance"`
	Effect          float64  `json:"effect"`
	SE              float64  `json:"se"`
	DoF             *float64 `json:"dof"` // Welch degrees of freedom; null without a result

	TwoSided          FixedTest      `json:"two_sided"`
	OneSidedGreater   FixedTest      `json:"one_sided_greater"`
	OneSidedLesser    FixedTest      `json:"one_sided_lesser"`
	Sequential        SequentialTest `json:"sequential"`
	SequentialGreater SequentialTest `json:"sequential_one_sided_greater"`
	SequentialLesser  SequentialTest `json:"sequential_one_sided_lesser"`
	Bayesian          Bayesian       `json:"bayesian"`

	// BetaBinomialChanceToBeatControl is P(p_variant > p_control) under uniform priors; binomial
	// metrics only, and defined even when the comparison has no Gaussian result.
	BetaBinomialChanceToBeatControl *float64 `json:"beta_binomial_chance_to_beat_control,omitempty"`
}

// FixedTest is a fixed-horizon test: its interval and p-value.
type FixedTest struct {
	CI     Interval `json:"ci"`
	PValue float64  `json:"p_value"`
}

// SequentialTest is an always-valid confidence sequence. Rho is its tuning constant; the one-sided
// forms also carry the p-value found GrowthBook's way (bisection), which may be missing when it
// does not converge.
type SequentialTest struct {
	Rho                       *float64 `json:"rho,omitempty"`
	CI                        Interval `json:"ci"`
	PValue                    float64  `json:"p_value"`
	PValueGrowthBookBisection *float64 `json:"p_value_growthbook_bisection,omitempty"`
}

// Bayesian is the Gaussian posterior of the effect and what follows from it.
type Bayesian struct {
	PosteriorMean float64    `json:"posterior_mean"`
	PosteriorSD   float64    `json:"posterior_sd"`
	CI            Interval   `json:"ci"`
	ChanceToWin   float64    `json:"chance_to_win"`
	Risk          [2]float64 `json:"risk"` // [risk of choosing control, risk of choosing the variant]
}
