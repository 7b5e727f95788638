package funnels

import (
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
)

// Step is one step of a site's funnel with its visitors over a range: the Funnels screen's figure.
type Step struct {
	// Kind is "page" (Label is its URL pattern) or "goal" (Label is "Goal: " and the goal's name).
	Kind  string
	Label string
	Users float64
}

// SiteFunnel is a funnel of a site and its steps' visitors over a range.
type SiteFunnel struct {
	Name  string
	Steps []Step
}

// SiteFigures are the site's newest funnels (at most limit) over the days from..to of its
// calendar, both included, counted by the same query as the results route (the Funnels screen),
// for the reports and the AI grounding.
func SiteFigures(app core.App, store eventstore.Store, siteID, from, to string, limit int) ([]SiteFunnel, error) {
	recs, err := app.FindRecordsByFilter("funnels", "site_id = {:s}", "-created_at", limit, 0, map[string]any{"s": siteID})
	if err != nil {
		return nil, err
	}
	out := []SiteFunnel{}
	for _, f := range recs {
		q, ok := QueryOf(app, f)
		if !ok {
			continue
		}
		start, err := time.ParseInLocation(time.DateOnly, from, q.Zone)
		if err != nil {
			return nil, err
		}
		end, err := time.ParseInLocation(time.DateOnly, to, q.Zone)
		if err != nil {
			return nil, err
		}
		q.From, q.To = start, end.AddDate(0, 0, 1)
		figures, err := store.FunnelResults(q)
		if err != nil {
			return nil, err
		}
		sf := SiteFunnel{Name: f.GetString("name")}
		for i, s := range q.Steps {
			step := Step{Kind: "page", Label: s.Page, Users: figures.Steps[i].Users}
			if s.Goal != "" {
				step.Kind, step.Label = "goal", goalLabel(app, s.Goal)
			}
			sf.Steps = append(sf.Steps, step)
		}
		out = append(out, sf)
	}
	return out, nil
}

func goalLabel(app core.App, id string) string {
	if g, err := app.FindRecordById("goals", id); err == nil {
		return "Goal: " + g.GetString("name")
	}
	return "Goal"
}

// groundingFunnels is how many funnels the AI grounding reads.
const groundingFunnels = 5

// BindJS exposes $funnels.site(siteId, days) to the hooks (pb_hooks/types/bindings.d.ts): the
// site's newest funnels over its last `days` days (ending on its today, as the Funnels screen's
// 'last N days'), for the AI grounding and the built-in analysis.
func BindJS(vm *goja.Runtime, app core.App, store eventstore.Store) {
	obj := vm.NewObject()
	_ = obj.Set("site", func(siteID string, days int) ([]map[string]any, error) {
		if days < 1 || days > maxRangeDays {
			days = defaultRangeDays
		}
		today := time.Now().In(zones.SiteByID(app, siteID))
		list, err := SiteFigures(app, store, siteID, today.AddDate(0, 0, -(days-1)).Format(time.DateOnly), today.Format(time.DateOnly),
			groundingFunnels)
		if err != nil {
			return nil, err
		}
		out := make([]map[string]any, len(list))
		for i, f := range list {
			steps := make([]map[string]any, len(f.Steps))
			for j, s := range f.Steps {
				steps[j] = map[string]any{"kind": s.Kind, "label": s.Label, "users": s.Users}
			}
			out[i] = map[string]any{"name": f.Name, "steps": steps}
		}
		return out, nil
	})
	_ = vm.Set("$funnels", obj)
}
