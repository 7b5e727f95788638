package sqlite

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pocketbase/dbx"

	"cro/pocketbase/eventstore"
)

// A metric is what each exposed visitor of an experiment contributes: a and b (a ratio metric's
// numerator and denominator; a guardrail's erred and bounced, 0 or 1) and their values in the CUPED
// window before the exposure. The raw path sums them over every exposed visitor in SQL; the settled
// path (metric_settled.go) keeps them per visitor and recomputes only visitors active since.
type metricDef struct {
	site, exp string
	key       string // metric_settled's metric: the kind and every part the figures depend on
	a, b      string // per-visitor SQL over exposure x
	apre      string
	bpre      string
	params    dbx.Params
}

const guardrailKind, ratioKind = "guardrails", "ratio"

// The guardrails per visitor: a page error after the first exposure; at most one page view in the
// sessions active since it.
var (
	guardrailErredSQL = `EXISTS (SELECT 1 FROM events e WHERE e.site_id = x.site_id AND e.visitor = x.visitor AND e.type = 'error'
		AND e.ts >= ` + msOfSQL("x.ts") + `)`
	guardrailBouncedSQL = `((SELECT COALESCE(SUM(s.page_views), 0) FROM sessions s WHERE s.site_id = x.site_id AND s.visitor = x.visitor
		AND s.last_seen_at >= x.ts) <= 1)`
)

func guardrailMetric(site, exp string) metricDef {
	return metricDef{site: site, exp: exp, key: guardrailKind + "|" + exp, a: guardrailErredSQL, b: guardrailBouncedSQL,
		apre: "0", bpre: "0", params: dbx.Params{"site": site, "exp": exp}}
}

func ratioMetric(q eventstore.RatioQuery) (metricDef, error) {
	num, okN := ratioSinceSQL[q.Numerator]
	den, okD := ratioSinceSQL[q.Denominator]
	if !okN || !okD {
		return metricDef{}, fmt.Errorf("unknown ratio parts %q over %q", q.Numerator, q.Denominator)
	}
	npre, dpre := ratioPreSQL[q.Numerator], ratioPreSQL[q.Denominator]
	window := q.WindowDays
	if window <= 0 {
		npre, dpre, window = "0", "0", 0
	}
	goal := ""
	if q.Numerator == eventstore.RatioGoal || q.Denominator == eventstore.RatioGoal {
		goal = q.GoalID // the key holds only what the SQL reads
	}
	key := strings.Join([]string{ratioKind, q.ExperimentID, q.Numerator, q.Denominator, goal, strconv.Itoa(window)}, "|")
	return metricDef{site: q.SiteID, exp: q.ExperimentID, key: key, a: num, b: den, apre: npre, bpre: dpre,
		params: dbx.Params{"site": q.SiteID, "exp": q.ExperimentID, "goal": goal, "window": fmt.Sprintf("-%d days", window)}}, nil
}

// metricOfKey is the definition a stored key names (the settle pass refreshes stored metrics).
func metricOfKey(site, key string) (metricDef, error) {
	p := strings.Split(key, "|")
	switch {
	case len(p) == 2 && p[0] == guardrailKind:
		return guardrailMetric(site, p[1]), nil
	case len(p) == 6 && p[0] == ratioKind:
		w, err := strconv.Atoi(p[5])
		if err != nil {
			return metricDef{}, err
		}
		return ratioMetric(eventstore.RatioQuery{SiteID: site, ExperimentID: p[1], Numerator: p[2], Denominator: p[3], GoalID: p[4], WindowDays: w})
	}
	return metricDef{}, fmt.Errorf("unknown metric key %q", key)
}

// perVisitorSQL is each exposed visitor's figures; where adds a condition on exposure x.
func (d metricDef) perVisitorSQL(where string) string {
	return `SELECT x.visitor AS visitor, x.variant AS variant, ` + d.a + ` AS a, ` + d.b + ` AS b, ` + d.apre + ` AS apre, ` +
		d.bpre + ` AS bpre FROM experiment_exposures x WHERE x.experiment = {:exp} AND +x.site_id = {:site}` + where
}

// sumsSQL sums per variant the figures (a, b, apre, bpre, variant) of each visitor from rows.
func sumsSQL(rows string) string {
	return `SELECT variant, COUNT(*) AS n, SUM(a) AS num, SUM(a * a) AS num2, SUM(b) AS den, SUM(b * b) AS den2, SUM(a * b) AS prod,
		SUM(apre) AS npre, SUM(apre * apre) AS npre2, SUM(bpre) AS dpre, SUM(bpre * bpre) AS dpre2, SUM(a * apre) AS num_npre,
		SUM(b * bpre) AS den_dpre, SUM(apre * bpre) AS npre_dpre, SUM(a * bpre) AS num_dpre, SUM(apre * b) AS npre_den
		FROM (` + rows + `) GROUP BY variant ORDER BY variant`
}

// rawSumsSQL sums every exposed visitor's figures computed from raw events (nothing settled).
func (d metricDef) rawSumsSQL() string { return sumsSQL(d.perVisitorSQL("")) }

// visitorFigures are one exposed visitor's figures of a metric.
type visitorFigures struct {
	Visitor string  `db:"visitor"`
	Variant string  `db:"variant"`
	A       float64 `db:"a"`
	B       float64 `db:"b"`
	Apre    float64 `db:"apre"`
	Bpre    float64 `db:"bpre"`
}

// addVisitor adds (sign 1) or takes out (-1) a visitor's contribution to its variant's sums.
func addVisitor(sums map[string]*eventstore.RatioSums, v visitorFigures, sign float64) {
	s := sums[v.Variant]
	if s == nil {
		s = &eventstore.RatioSums{Variant: v.Variant}
		sums[v.Variant] = s
	}
	s.Count += sign
	s.Numerator += sign * v.A
	s.NumeratorSquares += sign * v.A * v.A
	s.Denominator += sign * v.B
	s.DenominatorSquares += sign * v.B * v.B
	s.Products += sign * v.A * v.B
	s.NumeratorPre += sign * v.Apre
	s.NumeratorPreSquares += sign * v.Apre * v.Apre
	s.DenominatorPre += sign * v.Bpre
	s.DenominatorPreSquares += sign * v.Bpre * v.Bpre
	s.NumeratorNumeratorPre += sign * v.A * v.Apre
	s.DenominatorDenominatorPre += sign * v.B * v.Bpre
	s.NumeratorPreDenominatorPre += sign * v.Apre * v.Bpre
	s.NumeratorDenominatorPre += sign * v.A * v.Bpre
	s.NumeratorPreDenominatorPlain += sign * v.Apre * v.B
}

// guardrailFigures reads a guardrail metric's sums as the guardrails' counts.
func guardrailFigures(sums []eventstore.RatioSums) []eventstore.GuardrailFigures {
	out := make([]eventstore.GuardrailFigures, 0, len(sums))
	for _, s := range sums {
		out = append(out, eventstore.GuardrailFigures{Variant: s.Variant, Users: s.Count, ErrorVisitors: s.Numerator, BouncedVisitors: s.Denominator})
	}
	return out
}
