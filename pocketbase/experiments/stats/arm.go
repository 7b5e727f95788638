package stats

// arm is one variant's per-unit summary: unit count, mean and variance.
type arm struct {
	n, mean, variance float64
}

// armOf summarises a variant. A proportion's variance is p(1-p) without the n-1 correction, a
// mean's is the sample variance (n-1 denominator) and 0 below two units, as GrowthBook does.
func armOf(metric Metric, v Variant) arm {
	if metric == MetricBinomial {
		a := arm{n: v.Users}
		if v.Users > 0 {
			a.mean = v.Conversions / v.Users
		}
		a.variance = a.mean * (1 - a.mean)
		return a
	}
	a := arm{n: v.Count}
	if v.Count > 0 {
		a.mean = v.Sum / v.Count
	}
	if v.Count >= 2 {
		a.variance = (v.SumSquares - v.Sum*v.Sum/v.Count) / (v.Count - 1)
	}
	return a
}

// units is the arm's exposure count, which the SRM check compares with the weights.
func units(metric Metric, v Variant) float64 {
	if metric == MetricMean {
		return v.Count
	}
	return v.Users
}
