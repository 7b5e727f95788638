package stats

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// Post-stratification (GrowthBook's EffectMomentsPostStratification): the effect is estimated in
// each cell (stratum) and the cells are combined by their shares, which removes the part of the
// noise the strata explain. Degrees of freedom, the sequential n and the prior scale still come
// from the pooled arms.

// stratifiedResult is a post-stratified comparison and whether stratification was applied.
type stratifiedResult struct {
	pairResult
	applied bool
}

type cell struct{ a, b moments }

func (c cell) size() float64 { return c.a.n + c.b.n }

func sumCells(cells []cell) cell {
	if len(cells) == 1 {
		return cells[0]
	}
	out := cells[0]
	for _, c := range cells[1:] {
		out = cell{out.a.plus(c.a, false), out.b.plus(c.b, false)}
	}
	return out
}

// unadjusted is the arm statistic GrowthBook screens cells with: the post value (θ unset) for
// CUPED, the ratio for a ratio metric.
func (s armShape) unadjusted(m moments) arm {
	if s.metric == MetricRatio {
		return ratioArm(m)
	}
	return arm{n: m.n, mean: m.mean(0), variance: m.variance(0)}
}

func (s armShape) postStratify(cells []cell, diff DifferenceType) stratifiedResult {
	pooled := sumCells(cells)
	fallback := stratifiedResult{pairResult: s.analysePair(pooled.a, pooled.b, diff)}

	// A constant covariate in either pooled arm: every cell is analysed on its post values.
	if s.cuped && (pooled.a.variance(pre) <= 0 || pooled.b.variance(pre) <= 0) {
		s.cuped = false
		plain := make([]cell, len(cells))
		for i, c := range cells {
			plain[i] = cell{c.a.pick(post), c.b.pick(post)}
		}
		cells = plain
		pooled = sumCells(cells)
	}
	ua, ub := s.unadjusted(pooled.a), s.unadjusted(pooled.b)
	if ua.variance <= 0 || ub.variance <= 0 || ua.mean == 0 {
		return fallback
	}

	// Merge cells without variance in an arm into the largest cell.
	sorted := append([]cell(nil), cells...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].size() > sorted[j].size() })
	kept := []cell{sorted[0]}
	for _, c := range sorted[1:] {
		if s.unadjusted(c.a).variance > 0 && s.unadjusted(c.b).variance > 0 {
			kept = append(kept, c)
		} else {
			kept[0] = cell{kept[0].a.plus(c.a, false), kept[0].b.plus(c.b, false)}
		}
	}
	if len(kept) == 1 {
		one := s.analysePair(kept[0].a, kept[0].b, diff)
		if one.est.status != StatusOK {
			return fallback
		}
		out := fallback
		out.est.effect, out.est.se = one.est.effect, one.est.se
		out.est.status = StatusOK
		out.est.dof, out.est.n = fallback.dof, pooled.size()
		return out
	}

	alphas := make([][]float64, len(kept))
	sigmas := make([][][]float64, len(kept))
	for k, c := range kept {
		var ok bool
		if alphas[k], sigmas[k], ok = s.cellMoments(c); !ok {
			return fallback
		}
	}
	effect, variance, baseline := s.combine(kept, alphas, sigmas, diff)
	if !(variance > 0) || baseline == 0 {
		return fallback
	}
	out := fallback
	out.applied = true
	out.est = estimate{status: StatusOK, effect: effect, se: math.Sqrt(variance), dof: fallback.dof, n: pooled.size()}
	return out
}

// cellMoments is a cell's coefficient vector α and its covariance Σ scaled by the cell size;
// ok is false when the cell cannot be analysed.
func (s armShape) cellMoments(c cell) (alpha []float64, sigma [][]float64, ok bool) {
	a, b := s.unadjusted(c.a), s.unadjusted(c.b)
	if a.variance <= 0 || b.variance <= 0 {
		return nil, nil, false
	}
	n := c.size()
	switch {
	case s.metric == MetricRatio:
		return ratioCell(c)
	case s.cuped && (c.a.variance(pre) <= 0 || c.b.variance(pre) <= 0):
		return meanCell(c.a.pick(post).asMean(), c.b.pick(post).asMean(), n)
	case s.cuped:
		return regressionCell(c)
	default:
		return meanCell(c.a, c.b, n)
	}
}

// meanCell: α = (m_A, m_B − m_A), Σ = [[a, −a], [−a, a+b]] with a = N·v_A/n_A, b = N·v_B/n_B.
func meanCell(ma, mb moments, n float64) ([]float64, [][]float64, bool) {
	if ma.variance(0) <= 0 || mb.variance(0) <= 0 {
		return nil, nil, false
	}
	a := n * ma.variance(0) / ma.n
	b := n * mb.variance(0) / mb.n
	return []float64{ma.mean(0), mb.mean(0) - ma.mean(0)}, [][]float64{{a, -a}, {-a, a + b}}, true
}

// regressionCell fits y on (1, variant, x) by least squares from the cell's sums and returns the
// adjusted control level and effect, with their covariance including the uncertainty of x̄.
func regressionCell(c cell) ([]float64, [][]float64, bool) {
	n := c.size()
	xa, xb := c.a.components[pre], c.b.components[pre]
	ya, yb := c.a.components[post], c.b.components[post]
	xtx := mat.NewSymDense(3, []float64{
		n, c.b.n, xa.sum + xb.sum,
		c.b.n, c.b.n, xb.sum,
		xa.sum + xb.sum, xb.sum, xa.sumSquares + xb.sumSquares,
	})
	var chol mat.Cholesky
	if !chol.Factorize(xtx) {
		return nil, nil, false
	}
	var inv mat.SymDense
	if err := chol.InverseTo(&inv); err != nil {
		return nil, nil, false
	}
	xty := mat.NewVecDense(3, []float64{ya.sum + yb.sum, yb.sum, c.a.products[post][pre] + c.b.products[post][pre]})
	var gamma mat.VecDense
	gamma.MulVec(&inv, xty)
	sigma2 := (ya.sumSquares + yb.sumSquares - mat.Dot(xty, &gamma)) / (n - 3)
	g := func(i, j int) float64 { return sigma2 * inv.At(i, j) }
	pooledPre := c.a.pick(pre).plus(c.b.pick(pre), false)
	xbar, sx2 := pooledPre.mean(0), pooledPre.variance(0)
	u := []float64{1, 0, xbar}
	var uGu, uGw float64
	for i := range 3 {
		for j := range 3 {
			uGu += u[i] * g(i, j) * u[j]
		}
		uGw += u[i] * g(i, 1)
	}
	g2 := gamma.AtVec(2)
	s00 := n * (uGu + (g(2, 2)+g2*g2)*sx2/n)
	s01 := n * uGw
	s11 := n * g(1, 1)
	return []float64{gamma.AtVec(0) + g2*xbar, gamma.AtVec(1)}, [][]float64{{s00, s01}, {s01, s11}}, true
}

// ratioCell: α = (m_A, m_B − m_A, d_A, d_B − d_A) and Σ = T·diag(N·Λ_B/n_B, N·Λ_A/n_A)·Tᵀ, T mapping
// (m_B, d_B, m_A, d_A) to α.
func ratioCell(c cell) ([]float64, [][]float64, bool) {
	n := c.size()
	v := make([][]float64, 4)
	for i := range v {
		v[i] = make([]float64, 4)
	}
	for k, m := range []moments{c.b, c.a} {
		off := 2 * k
		for i := range 2 {
			for j := range 2 {
				v[off+i][off+j] = n * m.cov(i, j) / m.n
			}
		}
	}
	t := [][]float64{{0, 0, 1, 0}, {1, 0, -1, 0}, {0, 0, 0, 1}, {0, 1, 0, -1}}
	sigma := make([][]float64, 4)
	for i := range sigma {
		sigma[i] = make([]float64, 4)
		for j := range sigma[i] {
			sigma[i][j] = quadForm(t[i], v, t[j])
		}
	}
	ma, mb, da, db := c.a.mean(num), c.b.mean(num), c.a.mean(den), c.b.mean(den)
	return []float64{ma, mb - ma, da, db - da}, sigma, true
}

// combine weighs the cells by their shares ν_k = N_k/N and returns the effect, its variance
// ∇ᵀ·Cov·∇ and the control level (0 means no result).
func (s armShape) combine(cells []cell, alphas [][]float64, sigmas [][][]float64, diff DifferenceType) (effect, variance, baseline float64) {
	var total float64
	for _, c := range cells {
		total += c.size()
	}
	k, dim := len(cells), len(alphas[0])
	nu := make([]float64, k)
	mu := make([]float64, dim)
	for i, c := range cells {
		nu[i] = c.size() / total
		for j := range dim {
			mu[j] += nu[i] * alphas[i][j]
		}
	}
	// Cov = A·(diag ν − ννᵀ)·Aᵀ/N + Σ ν_k·Σ_k/N
	cov := make([][]float64, dim)
	for p := range dim {
		cov[p] = make([]float64, dim)
		for q := range dim {
			var s1, s2 float64
			for i := range k {
				for j := range k {
					m := -nu[i] * nu[j]
					if i == j {
						m += nu[i]
					}
					s1 += alphas[i][p] * m * alphas[j][q]
				}
				s2 += nu[i] * sigmas[i][p][q]
			}
			cov[p][q] = (s1 + s2) / total
		}
	}
	var grad []float64
	if s.metric == MetricRatio {
		effect, grad, baseline = ratioContrast(mu, diff)
	} else {
		baseline = mu[0]
		switch {
		case diff == Absolute:
			effect, grad = mu[1], []float64{0, 1}
		case mu[0] != 0:
			effect, grad = mu[1]/math.Abs(mu[0]), []float64{-mu[1] / (mu[0] * mu[0]), 1 / mu[0]}
		default:
			grad = []float64{0, 0}
		}
	}
	return effect, quadForm(grad, cov, grad), baseline
}

// ratioContrast: μ = (a, b, c, e) = numerator control, numerator difference, denominator control,
// denominator difference.
func ratioContrast(mu []float64, diff DifferenceType) (effect float64, grad []float64, baseline float64) {
	a, b, c, e := mu[0], mu[1], mu[2], mu[3]
	if c != 0 {
		baseline = a / c
	}
	grad = make([]float64, 4)
	if diff == Absolute {
		if c == 0 || c+e == 0 {
			return 0, grad, baseline
		}
		grad[1] = 1 / (c + e)
		grad[0] = grad[1] - 1/c
		grad[3] = -(a + b) / ((c + e) * (c + e))
		grad[2] = grad[3] + a/(c*c)
		return (a+b)/(c+e) - a/c, grad, baseline
	}
	u, d := c*(a+b), a*(c+e)
	if d != 0 {
		effect = (u/d - 1) * sign(baseline)
	}
	if a == 0 {
		return effect, grad, baseline
	}
	grad[0] = (c*d - (c+e)*u) / (d * d)
	grad[1] = c / d
	grad[2] = ((a+b)*d - a*u) / (d * d)
	grad[3] = -u / (a * (c + e) * (c + e))
	return effect, grad, baseline
}

func sign(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}
