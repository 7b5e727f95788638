package recordings

import (
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// recordingPlans are the plans whose sites record sessions: src/lib/plans.ts's recordings
// capability, both pinned by tests/fixtures/contracts/plan-limits.json.
var recordingPlans = map[string]bool{"growth": true, "enterprise": true}

// planRequired is the refusal for a site on another plan (src/lib/plans.ts upgradeMessage).
const planRequired = "Session recordings and heatmaps requires the Growth plan or higher. Upgrade at /pricing."

// consentFreeRefusal: a consent-free site stores nothing on the device, and a recording would
// follow the visitor's session through it; such sites are never recorded.
const consentFreeRefusal = "Session recordings are off in consent-free mode."

func planAllows(site *core.Record) bool { return recordingPlans[site.GetString("plan_tier")] }

// monthlyVisitorLimits: over the plan's tracked visitors this month, recording pauses (optional
// work stops first; page views are still counted). Mirrors src/lib/plans.ts, 0 = not metered.
var monthlyVisitorLimits = map[string]int{"growth": 100000}

func overLimit(site *core.Record, now time.Time) bool {
	limit := monthlyVisitorLimits[site.GetString("plan_tier")]
	return limit > 0 && site.GetString("usage_period") == now.UTC().Format("2006-01") && site.GetInt("usage_visitors") >= limit
}

// recorderConfig is src/lib/contracts/recorder-config.ts.
type recorderConfig struct {
	URL      string   `json:"u"`
	Sample   int      `json:"s"`
	Include  []string `json:"i,omitempty"`
	Exclude  []string `json:"e,omitempty"`
	MinSecs  int      `json:"m,omitempty"`
	MaskText bool     `json:"t,omitempty"`
	MaskSel  string   `json:"q,omitempty"`
}

// scriptConfig is the recorder's part of a site's tracker config, nil when the site records
// nothing: a plan without recordings, a sample rate of 0, over the month's visitor limit, or
// consent-free mode.
func scriptConfig(site *core.Record) json.RawMessage {
	rate := site.GetInt("recording_sample_rate")
	if !planAllows(site) || rate <= 0 || overLimit(site, time.Now()) || site.GetBool("consent_free") {
		return nil
	}
	raw, _ := json.Marshal(recorderConfig{URL: recorderPath(), Sample: min(rate, 100), Include: lines(site.GetString("recording_include")),
		Exclude: lines(site.GetString("recording_exclude")), MinSecs: site.GetInt("recording_min_seconds"),
		MaskText: site.GetBool("recording_mask_text"), MaskSel: strings.TrimSpace(site.GetString("recording_mask_selectors"))})
	return raw
}

// lines splits a settings list (one URL pattern per line, checked by src/lib/recordings/settings.ts).
func lines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(strings.TrimSpace(os.Getenv(name)), 64); err == nil && v >= 0 {
		return v
	}
	return def
}
