package stats

// Schema v2 of the experiment-stats documents: CUPED, ratio metrics, post-stratification,
// multiple-comparison corrections and bandit weights (see AnalyzeV2).

// MetricRatio is a ratio of two per-unit values (numerator over denominator sums).
const MetricRatio Metric = "ratio"

// Category names what a v2 case computes.
type Category string

const (
	CategoryCUPED               Category = "cuped"
	CategoryRatio               Category = "ratio"
	CategoryPostStratification  Category = "post_stratification"
	CategoryMultipleComparisons Category = "multiple_comparisons"
	CategoryBandit              Category = "bandit"
)

// CaseV2 is one v2 case. Variants (arm 0 the control) serve cuped, ratio and bandit cases, Strata
// post-stratification, Tests multiple comparisons.
type CaseV2 struct {
	Category        Category         `json:"category"`
	Metric          Metric           `json:"metric"`
	CUPED           bool             `json:"cuped"`
	RatioComponents *RatioComponents `json:"ratio_components,omitempty"`
	Theta           *float64         `json:"theta,omitempty"` // bandit CUPED only: given, not estimated
	Variants        []VariantV2      `json:"variants,omitempty"`
	Strata          []Stratum        `json:"strata,omitempty"`
	Tests           []PValueTest     `json:"tests,omitempty"`
	Settings        SettingsV2       `json:"settings"`
}

// RatioComponents gives the kind ("mean" or "binomial") of a ratio's numerator and denominator.
type RatioComponents struct {
	Numerator   Metric `json:"numerator"`
	Denominator Metric `json:"denominator"`
}

// Sums are one per-unit value's sums over an arm's units (SumSquares absent for a binomial value).
type Sums struct {
	Sum        float64  `json:"sum"`
	SumSquares *float64 `json:"sum_squares,omitempty"`
}

// VariantV2 is one arm's sums; which fields are set depends on the metric and on CUPED:
//
//	mean: Count, Sum, SumSquares; binomial: Count, Sum (units that converted)
//	CUPED mean or binomial: Count, Post, Pre, PostPreSumOfProducts
//	ratio: Count, Numerator, Denominator, NumeratorDenominatorSumOfProducts
//	CUPED ratio: Count, Numerator, Denominator, NumeratorPre, DenominatorPre, Products
type VariantV2 struct {
	Count                             float64        `json:"count"`
	Sum                               *float64       `json:"sum,omitempty"`
	SumSquares                        *float64       `json:"sum_squares,omitempty"`
	Post                              *Sums          `json:"post,omitempty"`
	Pre                               *Sums          `json:"pre,omitempty"`
	PostPreSumOfProducts              *float64       `json:"post_pre_sum_of_products,omitempty"`
	Numerator                         *Sums          `json:"numerator,omitempty"`
	Denominator                       *Sums          `json:"denominator,omitempty"`
	NumeratorDenominatorSumOfProducts *float64       `json:"numerator_denominator_sum_of_products,omitempty"`
	NumeratorPre                      *Sums          `json:"numerator_pre,omitempty"`
	DenominatorPre                    *Sums          `json:"denominator_pre,omitempty"`
	Products                          *RatioProducts `json:"products,omitempty"`
}

// RatioProducts are the six sums of pairwise products of a CUPED ratio's four values.
type RatioProducts struct {
	NumeratorDenominator       float64 `json:"numerator_denominator"`
	NumeratorNumeratorPre      float64 `json:"numerator_numerator_pre"`
	DenominatorDenominatorPre  float64 `json:"denominator_denominator_pre"`
	NumeratorPreDenominatorPre float64 `json:"numerator_pre_denominator_pre"`
	NumeratorDenominatorPre    float64 `json:"numerator_denominator_pre"`
	NumeratorPreDenominator    float64 `json:"numerator_pre_denominator"`
}

// Stratum is one post-stratification cell: every arm, in the same order in every cell.
type Stratum struct {
	Variants []VariantV2 `json:"variants"`
}

// PValueTest is one member of a multiple-comparison family; InFamily false leaves it uncorrected.
type PValueTest struct {
	ID       string   `json:"id"`
	PValue   float64  `json:"p_value"`
	Effect   float64  `json:"effect"`
	CI       Interval `json:"ci"`
	InFamily *bool    `json:"in_family,omitempty"`
}

// Correction is a multiple-comparison procedure.
type Correction string

const (
	HolmBonferroni    Correction = "holm-bonferroni"
	BenjaminiHochberg Correction = "benjamini-hochberg"
)

// SettingsV2 holds every v2 setting: the v1 analysis settings, the correction of a
// multiple-comparison case, and a bandit's.
type SettingsV2 struct {
	Settings
	Correction         Correction `json:"correction,omitempty"`
	Seed               int64      `json:"seed,omitempty"`
	TopTwo             bool       `json:"top_two,omitempty"`
	MinVariationWeight float64    `json:"min_variation_weight,omitempty"`
	CurrentWeights     []float64  `json:"current_weights,omitempty"`
	Reweight           bool       `json:"reweight,omitempty"`
}

// ExpectedV2 is the engine's answer to a v2 case: comparisons, adjusted tests or a bandit.
type ExpectedV2 struct {
	Comparisons []ComparisonV2 `json:"comparisons,omitempty"`
	Tests       []AdjustedTest `json:"tests,omitempty"`
	Bandit      *Bandit        `json:"bandit,omitempty"`
}

// ComparisonV2 is one variant against the control. CUPED cases carry θ and the adjusted means,
// CUPED and ratio cases the per-unit variances, post-stratified ones whether stratification was
// applied. One-sided tests follow from effect, se and dof as in v1.
type ComparisonV2 struct {
	Variant                   int            `json:"variant"`
	Status                    Status         `json:"status"`
	PostStratificationApplied *bool          `json:"post_stratification_applied,omitempty"`
	ControlMean               float64        `json:"control_mean"`
	VariantMean               float64        `json:"variant_mean"`
	Theta                     *float64       `json:"theta,omitempty"`
	ControlMeanAdjusted       *float64       `json:"control_mean_adjusted,omitempty"`
	VariantMeanAdjusted       *float64       `json:"variant_mean_adjusted,omitempty"`
	ControlVariance           *float64       `json:"control_variance,omitempty"`
	VariantVariance           *float64       `json:"variant_variance,omitempty"`
	Effect                    float64        `json:"effect"`
	SE                        float64        `json:"se"`
	DoF                       *float64       `json:"dof"`
	TwoSided                  FixedTest      `json:"two_sided"`
	Sequential                SequentialTest `json:"sequential"`
	Bayesian                  Bayesian       `json:"bayesian"`
}

// AdjustedTest is a test's corrected p-value and interval; both nil outside the family.
type AdjustedTest struct {
	ID             string    `json:"id"`
	PValueAdjusted *float64  `json:"p_value_adjusted"`
	CIAdjusted     *Interval `json:"ci_adjusted"`
}

// Bandit is the Thompson-sampling allocation of traffic and what it rests on.
type Bandit struct {
	VariationMeans       []float64  `json:"variation_means"`
	VariationVariances   []float64  `json:"variation_variances"`
	PosteriorMeans       []float64  `json:"posterior_means"`
	PosteriorVariances   []float64  `json:"posterior_variances"`
	CredibleIntervals    []Interval `json:"credible_intervals"`
	EnoughUnits          bool       `json:"enough_units"`
	UpdateMessage        string     `json:"update_message"`
	BestArmProbabilities []float64  `json:"best_arm_probabilities"` // nil (null) unless enough units
	ThompsonWeights      []float64  `json:"thompson_weights"`
	Weights              []float64  `json:"weights"`
	UpdatedWeights       []float64  `json:"updated_weights"`
	WeightsWereUpdated   bool       `json:"weights_were_updated"`
	// GrowthBookSeeded is where gbstats reports its Monte Carlo estimates at the seed; this engine
	// reports the exact values they estimate.
	GrowthBookSeeded BanditSeeded `json:"growthbook_seeded"`
}

// BanditSeeded holds the best-arm probabilities and weights reported for a seed.
type BanditSeeded struct {
	Seed                 int64     `json:"seed"`
	BestArmProbabilities []float64 `json:"best_arm_probabilities"`
	Weights              []float64 `json:"weights"`
}
