package experiments

import (
	"cro/pocketbase/eventstore"
	"fmt"
	"strings"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
)

// maxGroundingExperiments bounds the experiments the AI is told about.
const maxGroundingExperiments = 5

// GroundingVariant is one variant's figures against the control, as the AI grounding states them.
type GroundingVariant struct {
	Name        string   `json:"name"`
	Control     bool     `json:"control"`
	Users       float64  `json:"users"`
	Conversions float64  `json:"conversions"`
	Rate        float64  `json:"rate"`
	Uplift      *float64 `json:"uplift"`       // relative to the control; nil on the control and without data
	ChanceToWin *float64 `json:"chanceToBeat"` // chance to beat the control; nil likewise
}

// GroundingExperiment is one running experiment with the results of its primary goal.
type GroundingExperiment struct {
	Name      string             `json:"name"`
	Status    string             `json:"status"`
	Goal      string             `json:"goal"`
	StartedAt string             `json:"startedAt"`
	Variants  []GroundingVariant `json:"variants"`
}

// Running gives a site's running experiments (newest first) with the statistics engine's verdict
// per variant, the same figures as the results route.
func Running(app core.App, store eventstore.Store, siteID string) ([]GroundingExperiment, error) {
	return Summaries(app, store, siteID, []string{"running"}, maxGroundingExperiments)
}

// Summaries gives a site's experiments in the given states (newest start first, at most limit)
// with the statistics engine's verdict per variant on each one's primary goal.
func Summaries(app core.App, store eventstore.Store, siteID string, statuses []string, limit int) ([]GroundingExperiment, error) {
	params := map[string]any{"s": siteID}
	states := make([]string, len(statuses))
	for i, st := range statuses {
		key := fmt.Sprintf("st%d", i)
		params[key] = st
		states[i] = "status = {:" + key + "}"
	}
	recs, err := app.FindRecordsByFilter("experiments", "site_id = {:s} && ("+strings.Join(states, " || ")+")", "-started_at", limit, 0, params)
	if err != nil {
		return nil, err
	}
	out := make([]GroundingExperiment, 0, len(recs))
	for _, exp := range recs {
		goal := exp.GetString("primary_goal")
		body, _, err := results(app, store, exp, goal)
		if err != nil {
			return nil, err
		}
		variants, _ := body["variants"].([]variantResult)
		g := GroundingExperiment{Name: exp.GetString("name"), Status: exp.GetString("status"), Goal: goalName(app, goal),
			StartedAt: exp.GetString("started_at")}
		for i, v := range variants {
			gv := GroundingVariant{Name: v.Name, Control: i == 0, Users: v.Users, Conversions: v.Conversions, Rate: v.Rate}
			if v.Stats != nil && v.Users > 0 && variants[0].Users > 0 {
				uplift, chance := v.Stats.Uplift, v.Stats.ChanceToBeat
				gv.Uplift, gv.ChanceToWin = &uplift, &chance
			}
			g.Variants = append(g.Variants, gv)
		}
		out = append(out, g)
	}
	return out, nil
}

func goalName(app core.App, goal string) string {
	if goal == revenueGoal {
		return "Revenue"
	}
	if g, err := app.FindRecordById("goals", goal); err == nil {
		return g.GetString("name")
	}
	return goal
}

// BindJS exposes $experiments.running(siteId) to the hooks (pb_hooks/types/bindings.d.ts): the
// running experiments of a site and their results, for the AI grounding.
func BindJS(vm *goja.Runtime, app core.App, store eventstore.Store) {
	obj := vm.NewObject()
	_ = obj.Set("running", func(siteID string) ([]map[string]any, error) {
		list, err := Running(app, store, siteID)
		if err != nil {
			return nil, err
		}
		out := make([]map[string]any, len(list))
		for i, x := range list {
			vs := make([]map[string]any, len(x.Variants))
			for j, v := range x.Variants {
				vs[j] = map[string]any{"name": v.Name, "control": v.Control, "users": v.Users, "conversions": v.Conversions,
					"rate": v.Rate, "uplift": v.Uplift, "chanceToBeat": v.ChanceToWin}
			}
			out[i] = map[string]any{"name": x.Name, "status": x.Status, "goal": x.Goal, "startedAt": x.StartedAt, "variants": vs}
		}
		return out, nil
	})
	_ = vm.Set("$experiments", obj)
}
