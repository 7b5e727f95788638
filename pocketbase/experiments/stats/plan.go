package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// PlanSampleSize is the number of units each arm needs for a two-sided two-proportion z-test to
// detect a relative uplift of minDetectableRelativeEffect over baselineRate with the given power.
// Each variant is compared with the control on its own at alpha (no multiple-comparison
// correction), so the per-arm size does not depend on the number of arms; the whole experiment
// needs arms times as many units. Inputs that describe no possible test give 0.
func PlanSampleSize(baselineRate, minDetectableRelativeEffect, alpha, power float64, arms int) (perArm int) {
	p1 := baselineRate
	p2 := baselineRate * (1 + minDetectableRelativeEffect)
	valid := p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1 && minDetectableRelativeEffect != 0 &&
		alpha > 0 && alpha < 1 && power > 0 && power < 1 && arms >= 2
	if !valid {
		return 0
	}
	zAlpha := distuv.UnitNormal.Quantile(1 - alpha/2)
	zPower := distuv.UnitNormal.Quantile(power)
	pooled := (p1 + p2) / 2
	// Pooled variance under the null, unpooled under the alternative.
	spread := zAlpha*math.Sqrt(2*pooled*(1-pooled)) + zPower*math.Sqrt(p1*(1-p1)+p2*(1-p2))
	return int(math.Ceil(spread * spread / ((p2 - p1) * (p2 - p1))))
}
