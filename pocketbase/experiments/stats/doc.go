// Package stats is the experiment statistics engine: for each variant of an A/B test against
// its control it computes the relative (or absolute) uplift with a Welch t-test, one-sided
// tests, sequential confidence sequences, a Gaussian Bayesian posterior (chance to win, risk),
// an exact Beta-Binomial chance to beat control for proportions, and the sample-ratio-mismatch
// p-value of the whole experiment. The formulas are GrowthBook's (gbstats, MIT licence),
// restated here; tests/fixtures/experiment-stats-vectors.json holds the reference values.
//
// AnalyzeV2 adds schema v2 (tests/fixtures/experiment-stats-vectors-2.json): CUPED regression
// adjustment with a pre-exposure covariate (also for ratio metrics), ratio metrics by the delta
// method, post-stratification, Holm-Bonferroni and Benjamini-Hochberg corrections with adjusted
// intervals, and Thompson-sampling bandit weights computed exactly by quadrature.
//
// Distributions come from gonum; survival functions are used for tail probabilities so that
// small p-values keep their relative precision.
package stats
