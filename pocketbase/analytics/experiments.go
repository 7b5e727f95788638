package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/expparts"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// maxExperiments bounds the running experiments inlined into one site's script.
const maxExperiments = 20

// loadExperiments reads a site's running experiments (validated by pb_hooks/experiments.pb.js):
// one entry per part (an A/B test has one; a multi-page test one per page, a multivariate test
// one per section).
func loadExperiments(app core.App, siteID string) []eventstore.ExperimentConfig {
	recs, _ := app.FindRecordsByFilter("experiments", "site_id = {:site} && status = 'running'", "created_at", maxExperiments, 0,
		dbx.Params{"site": siteID})
	out := []eventstore.ExperimentConfig{}
	for _, r := range recs {
		stored, ok := expparts.Variants(r)
		if !ok || len(stored) < 2 {
			continue
		}
		// One entry per page or section (expparts), each with the test's id and seed.
		for _, part := range expparts.Of(r) {
			variants := make([]eventstore.VariantConfig, len(stored))
			for i, v := range stored {
				variants[i] = eventstore.VariantConfig{Key: v.Key, Weight: v.Weight, Changes: part.Changes[v.Key]}
				if r.GetString("test_type") == "split_url" {
					variants[i].URL = v.URL
				}
			}
			x := eventstore.ExperimentConfig{
				ID: r.Id, Seed: r.GetString("seed"), Traffic: r.GetFloat("traffic"), URL: part.URL,
				Selector: part.Selector, Variants: variants,
			}
			x.Audience = r.GetString("audience")
			groupSlot(app, r, &x)
			if d := r.GetString("target_device"); d != "any" {
				x.Device = d
			}
			if v := r.GetString("target_visitor"); v != "any" {
				x.Visitor = v
			}
			out = append(out, x)
		}
	}
	return out
}

// splitTest says whether a running experiment redirects (a split-URL test): such a site gets the
// targeting build, which alone carries the redirect (src/tracker/split.ts).
func splitTest(x *eventstore.ExperimentConfig) bool {
	for _, v := range x.Variants {
		if v.URL != "" {
			return true
		}
	}
	return false
}

// hasSplitTest says whether one of the site's running experiments is a split-URL test.
func hasSplitTest(site *eventstore.Site) bool {
	for i := range site.ExperimentList {
		if splitTest(&site.ExperimentList[i]) {
			return true
		}
	}
	return false
}

// unknownExposures counts the batch's exposures the ingest drops (the collect response says so).
func unknownExposures(s *eventstore.Site, b *eventstore.Batch) int {
	n := 0
	for i := range b.Events {
		if b.Events[i].Type == "xp" && !eventrow.KnownExposure(s, &b.Events[i]) {
			n++
		}
	}
	return n
}

// resolveConflicts applies "the experiment wins" to a site's config: rules that yield entirely
// are left out, the others carry the experiment's pattern in Except, and each experiment lists
// the rules it overrides.
func resolveConflicts(rules []eventstore.RuleConfig, exps []eventstore.ExperimentConfig) []eventstore.RuleConfig {
	kept := make([]eventstore.RuleConfig, 0, len(rules))
	for _, r := range rules {
		drop := false
		for i := range exps {
			yield, whole := expparts.Yields(r.Selector, r.URL, exps[i].Selector, exps[i].URL)
			if !yield {
				continue
			}
			exps[i].Overrides = append(exps[i].Overrides, r.ID)
			if whole {
				drop = true
			} else {
				r.Except = append(r.Except, exps[i].URL)
			}
		}
		if !drop {
			kept = append(kept, r)
		}
	}
	return kept
}
