package ecommerce

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/experiments/stats"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// VariantOrders are one variant's orders after its visitors' first exposure, in the reporting
// currency: average order value (revenue over orders, a ratio metric) and revenue per visitor
// (a mean), each against the control with the statistics engine.
type VariantOrders struct {
	Key      string  `json:"key"`
	Visitors int     `json:"visitors"`
	Orders   int     `json:"orders"`
	Revenue  float64 `json:"revenue"`
	AOV      float64 `json:"aov"`
	RPV      float64 `json:"revenuePerVisitor"`
	// Against the control (nil for it, or when the engine has no result yet): relative uplift and
	// the Bayesian chance to beat the control.
	AOVUplift *float64 `json:"aovUplift"`
	AOVChance *float64 `json:"aovChanceToBeatControl"`
	RPVUplift *float64 `json:"rpvUplift"`
	RPVChance *float64 `json:"rpvChanceToBeatControl"`
}

type perVisitor struct{ orders, revenue float64 }

// variantOrders joins the experiment's exposed visitors (first exposure) to the site's orders at
// or after it. ok is false when the event store cannot list exposed visitors.
func variantOrders(app core.App, store eventstore.Store, siteID, experimentID string, keys []string, s Settings) ([]VariantOrders, bool, error) {
	exposed, err := store.ExposedVisitors(siteID, experimentID)
	if err != nil {
		return nil, true, err
	}
	var rows []order
	err = app.DB().NewQuery(`SELECT order_id, visitor, ts, value, currency FROM ecommerce_orders WHERE site_id = {:site} AND visitor != ''`).
		Bind(dbx.Params{"site": siteID}).All(&rows)
	if err != nil {
		return nil, true, err
	}
	byVisitor := map[string][]order{}
	for _, o := range rows {
		byVisitor[o.Visitor] = append(byVisitor[o.Visitor], o)
	}
	arms := map[string][]perVisitor{}
	for _, x := range exposed {
		var pv perVisitor
		for _, o := range byVisitor[x.Visitor] {
			if o.TS < x.At.UnixMilli() {
				continue
			}
			if v, ok := s.Convert(o.Value, o.Currency); ok {
				pv.orders++
				pv.revenue += v
			}
		}
		arms[x.Variant] = append(arms[x.Variant], pv)
	}
	out := make([]VariantOrders, len(keys))
	ratio := make([]stats.VariantV2, len(keys))
	mean := make([]stats.Variant, len(keys))
	for i, k := range keys {
		v := VariantOrders{Key: k, Visitors: len(arms[k])}
		var n, d, nn, dd, nd float64
		for _, pv := range arms[k] {
			n, d = n+pv.revenue, d+pv.orders
			nn, dd, nd = nn+pv.revenue*pv.revenue, dd+pv.orders*pv.orders, nd+pv.revenue*pv.orders
		}
		v.Orders, v.Revenue = int(d), Cents(n)
		if d > 0 {
			v.AOV = Cents(n / d)
		}
		if v.Visitors > 0 {
			v.RPV = Cents(n / float64(v.Visitors))
		}
		out[i] = v
		count := float64(v.Visitors)
		ratio[i] = stats.VariantV2{Count: count, Numerator: &stats.Sums{Sum: n, SumSquares: &nn}, Denominator: &stats.Sums{Sum: d, SumSquares: &dd},
			NumeratorDenominatorSumOfProducts: &nd}
		mean[i] = stats.Variant{Count: count, Sum: n, SumSquares: nn}
	}
	if len(keys) < 2 {
		return out, true, nil
	}
	// Each comparison needs units and spread in both arms; the engine says so rather than guess.
	if res, err := stats.AnalyzeV2(stats.CaseV2{Category: stats.CategoryRatio, Metric: stats.MetricRatio,
		RatioComponents: &stats.RatioComponents{Numerator: stats.MetricMean, Denominator: stats.MetricMean}, Variants: ratio}); err == nil {
		for _, c := range res.Comparisons {
			if c.Status == stats.StatusOK && c.Variant > 0 && c.Variant < len(out) {
				out[c.Variant].AOVUplift, out[c.Variant].AOVChance = ptr(c.Effect), ptr(c.Bayesian.ChanceToWin)
			}
		}
	}
	if res, err := stats.Analyze(stats.Case{Metric: stats.MetricMean, Variants: mean}); err == nil {
		for _, c := range res.Comparisons {
			if c.Status == stats.StatusOK && c.Variant > 0 && c.Variant < len(out) {
				out[c.Variant].RPVUplift, out[c.Variant].RPVChance = ptr(c.Effect), ptr(c.Bayesian.ChanceToWin)
			}
		}
	}
	return out, true, nil
}

func ptr(f float64) *float64 { return &f }
