package analytics

import (
	"encoding/json"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// groupSlot puts an experiment of an exclusive group in the config: the group's seed and the
// experiment's range of its namespace (set by pb_hooks/lib/exclusion_group_check.js), with the
// traffic at 100 since the range is its share. A test whose group or range is unreadable is left
// with no range at all, so it is shown to nobody rather than sharing visitors.
func groupSlot(app core.App, r *core.Record, x *eventstore.ExperimentConfig) {
	id := r.GetString("exclusion_group")
	if id == "" {
		return
	}
	x.Group = &eventstore.GroupSlot{}
	x.Traffic = 100
	g, err := app.FindRecordById("experiment_groups", id)
	var rng []float64
	raw, _ := json.Marshal(r.Get("group_range"))
	if err != nil || json.Unmarshal(raw, &rng) != nil || len(rng) != 2 || !(rng[0] >= 0 && rng[0] < rng[1] && rng[1] <= 1) {
		return
	}
	*x.Group = eventstore.GroupSlot{Seed: g.GetString("seed"), Start: rng[0], End: rng[1]}
}

// targetsGroups says whether the site's config needs the tracker's targeting build for exclusive
// groups or the global holdout (that code is not in the full build).
func targetsGroups(site *eventstore.Site) bool {
	if site.Holdout > 0 && (len(site.Rules) > 0 || len(site.ExperimentList) > 0) {
		return true
	}
	for _, x := range site.ExperimentList {
		if x.Group != nil {
			return true
		}
	}
	return false
}

// HoldoutSeed is the seed of a site's global holdout (src/lib/exclusion-groups.ts
// siteHoldoutSeed): site-level, so whether a visitor is held out follows from the visitor id.
func HoldoutSeed(siteID string) string { return siteID + ":holdout" }
