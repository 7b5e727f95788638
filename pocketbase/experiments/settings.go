package experiments

import "github.com/pocketbase/pocketbase/core"

// Settings are an experiment's statistics settings as its results apply them, for lists that show
// no results (the public API's GET /v1/experiments): the correction in force with the owner's
// choice, the CUPED window, the post-stratification dimension in force and a bandit's schedule.
type Settings struct {
	Correction         CorrectionSetting `json:"correction"`
	CUPEDWindowDays    int               `json:"cuped_window_days"`
	PostStratification string            `json:"post_stratification"`
	Bandit             *BanditSetting    `json:"bandit"`
}

// CorrectionSetting is the results' correction without the family's size (it depends on results).
type CorrectionSetting struct {
	Method string `json:"method"`
	Chosen string `json:"chosen"`
}

// BanditSetting is a bandit's reallocation schedule and floor (null for a fixed split).
type BanditSetting struct {
	IntervalHours float64 `json:"interval_hours"`
	MinWeight     float64 `json:"min_weight"`
}

// SettingsOf reads an experiment's statistics settings the way results apply them.
func SettingsOf(exp *core.Record) Settings {
	chosen := exp.GetString("correction")
	s := Settings{
		Correction:         CorrectionSetting{Method: correctionInForce(chosen, len(variantDefsOf(exp)), len(experimentGoals(exp))), Chosen: chosen},
		CUPEDWindowDays:    exp.GetInt("cuped_window_days"),
		PostStratification: stratifyDimension(exp.GetString("post_stratification")),
	}
	if exp.GetBool("bandit") {
		s.Bandit = &BanditSetting{IntervalHours: exp.GetFloat("bandit_interval_hours"), MinWeight: exp.GetFloat("bandit_min_weight")}
	}
	return s
}
