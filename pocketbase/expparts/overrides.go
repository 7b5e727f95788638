package expparts

import (
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// MaxRules bounds the rules inlined into one site's script.
const MaxRules = 50

// Yields says whether an enabled rule must give way to a running experiment's part: both change
// the same element (the same non-empty selector). whole is true when the part's pages cover all
// of the rule's (no pattern, or the same one): then the rule is left out of the site's config;
// otherwise it keeps its other pages and carries the part's pattern as an exclusion.
func Yields(ruleSelector, ruleURL, partSelector, partURL string) (yield, whole bool) {
	sel := strings.TrimSpace(ruleSelector)
	if sel == "" || sel != strings.TrimSpace(partSelector) {
		return false, false
	}
	xu := strings.TrimSpace(partURL)
	return true, xu == "" || xu == strings.TrimSpace(ruleURL)
}

// OverriddenRule is an enabled rule that a running experiment takes the element from.
type OverriddenRule struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// RulesOverriddenBy lists the enabled rules of the experiment's site that yield to it while it
// runs (the same decision as the tracker's config), for the screens to say so.
func RulesOverriddenBy(app core.App, experiment *core.Record) []OverriddenRule {
	out := []OverriddenRule{}
	if experiment.GetString("status") != "running" {
		return out
	}
	parts := Of(experiment)
	rules, _ := app.FindRecordsByFilter("optimization_rules", "site_id = {:site} && enabled = true", "-priority,created_at", MaxRules, 0,
		dbx.Params{"site": experiment.GetString("site_id")})
	for _, r := range rules {
		for _, p := range parts {
			if yield, _ := Yields(r.GetString("selector"), r.GetString("url_pattern"), p.Selector, p.URL); yield {
				out = append(out, OverriddenRule{ID: r.Id, Name: r.GetString("name")})
				break
			}
		}
	}
	return out
}
