package stats

// component is one per-unit value summed over an arm's units: a 0/1 (binomial) value or any
// number (mean-type). A binomial value is its own square, so its sum of squares is its sum.
type component struct {
	sum, sumSquares float64
	binomial        bool
}

// moments is an arm's sufficient statistics for several per-unit values at once: the unit count,
// each value's sums and the sums over units of every pair's product (products[i][j], i != j).
type moments struct {
	n          float64
	components []component
	products   [][]float64
}

func newMoments(n float64, components ...component) moments {
	m := moments{n: n, components: components, products: make([][]float64, len(components))}
	for i := range m.products {
		m.products[i] = make([]float64, len(components))
	}
	return m
}

// setProduct records the sum over units of the product of values i and j.
func (m moments) setProduct(i, j int, sum float64) {
	m.products[i][j], m.products[j][i] = sum, sum
}

func (m moments) mean(i int) float64 {
	if m.n == 0 {
		return 0
	}
	return m.components[i].sum / m.n
}

// variance is p(1-p) for a binomial value (no n-1 correction) and the sample variance otherwise,
// 0 below two units, as GrowthBook has it.
func (m moments) variance(i int) float64 {
	c := m.components[i]
	if c.binomial {
		p := m.mean(i)
		return p * (1 - p)
	}
	if m.n <= 1 {
		return 0
	}
	return (c.sumSquares - c.sum*c.sum/m.n) / (m.n - 1)
}

// cov is the covariance of values i and j: the population form when both are binomial, the n-1
// form otherwise.
func (m moments) cov(i, j int) float64 {
	if i == j {
		return m.variance(i)
	}
	if m.n <= 1 {
		return 0
	}
	a, b := m.components[i], m.components[j]
	if a.binomial && b.binomial {
		return m.products[i][j]/m.n - a.sum*b.sum/(m.n*m.n)
	}
	return (m.products[i][j] - a.sum*b.sum/m.n) / (m.n - 1)
}

// covMatrix is the per-unit covariance matrix of every value.
func (m moments) covMatrix() [][]float64 {
	k := len(m.components)
	out := make([][]float64, k)
	for i := range out {
		out[i] = make([]float64, k)
		for j := range out[i] {
			out[i][j] = m.cov(i, j)
		}
	}
	return out
}

// plus adds two arms (or cells) unit by unit. GrowthBook's sum of two binomial statistics is a
// mean-type one (its sum of squares is the sum), so keepKind is false there; the pooled pair that
// estimates CUPED's θ keeps the kind.
func (m moments) plus(o moments, keepKind bool) moments {
	k := len(m.components)
	out := newMoments(m.n + o.n)
	out.components = make([]component, k)
	out.products = make([][]float64, k)
	for i := range k {
		a, b := m.components[i], o.components[i]
		out.components[i] = component{
			sum:        a.sum + b.sum,
			sumSquares: a.sumSquares + b.sumSquares,
			binomial:   keepKind && a.binomial && b.binomial,
		}
		out.products[i] = make([]float64, k)
		for j := range k {
			out.products[i][j] = m.products[i][j] + o.products[i][j]
		}
	}
	return out
}

// pick keeps the listed values, in that order, with their products.
func (m moments) pick(idx ...int) moments {
	out := newMoments(m.n)
	out.components = make([]component, len(idx))
	out.products = make([][]float64, len(idx))
	for a, i := range idx {
		out.components[a] = m.components[i]
		out.products[a] = make([]float64, len(idx))
		for b, j := range idx {
			out.products[a][b] = m.products[i][j]
		}
	}
	return out
}

// asMean recasts every value as mean-type (n-1 variances), as GrowthBook does for merged cells
// and for cells whose covariate is constant.
func (m moments) asMean() moments {
	out := m.pick(indices(len(m.components))...)
	for i := range out.components {
		out.components[i].binomial = false
	}
	return out
}

func indices(k int) []int {
	out := make([]int, k)
	for i := range out {
		out[i] = i
	}
	return out
}

// quadForm is gᵀ Λ h.
func quadForm(g []float64, lambda [][]float64, h []float64) float64 {
	var s float64
	for i := range g {
		for j := range h {
			s += g[i] * lambda[i][j] * h[j]
		}
	}
	return s
}
