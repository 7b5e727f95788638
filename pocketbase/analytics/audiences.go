package analytics

import (
	"encoding/json"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// loadAudiences reads the definitions of the audiences the site's enabled rules and running
// experiments target, for the tracker's audience build (config `au`,
// src/lib/contracts/audience.ts). A rule or test whose audience is gone is left out: shown to
// nobody rather than to everyone.
func loadAudiences(app core.App, info *eventstore.Site) {
	ids := map[string]bool{}
	for _, r := range info.Rules {
		if r.Audience != "" {
			ids[r.Audience] = true
		}
	}
	for _, x := range info.ExperimentList {
		if x.Audience != "" {
			ids[x.Audience] = true
		}
	}
	if len(ids) == 0 {
		for i := range info.Rules {
			info.Rules[i].Holdout = 0 // a holdout is a personalization's only
		}
		return
	}
	list := make([]any, 0, len(ids))
	for id := range ids {
		list = append(list, id)
	}
	recs, _ := app.FindAllRecords("audiences", dbx.HashExp{"site_id": info.ID, "id": list})
	info.Audiences = map[string]json.RawMessage{}
	info.AudienceKinds = map[string]bool{}
	for _, a := range recs {
		var conds []struct {
			Kind string `json:"kind"`
		}
		raw, _ := json.Marshal(a.Get("conditions"))
		if json.Unmarshal(raw, &conds) != nil {
			continue
		}
		def, _ := json.Marshal(map[string]any{"match": a.GetString("match"), "conditions": json.RawMessage(raw)})
		info.Audiences[a.Id] = def
		for _, c := range conds {
			info.AudienceKinds[c.Kind] = true
		}
	}
	rules := info.Rules[:0]
	for _, r := range info.Rules {
		if r.Audience == "" {
			r.Holdout = 0 // a holdout is a personalization's only
		}
		if r.Audience == "" || info.Audiences[r.Audience] != nil {
			rules = append(rules, r)
		}
	}
	info.Rules = rules
	exps := info.ExperimentList[:0]
	for _, x := range info.ExperimentList {
		if x.Audience == "" || info.Audiences[x.Audience] != nil {
			exps = append(exps, x)
		}
	}
	info.ExperimentList = exps
}
