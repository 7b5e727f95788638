package reports

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/whitelabel"
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/analytics"
	"cro/pocketbase/experiments"
	"cro/pocketbase/funnels"
)

// Report types (scheduled_reports.report_type); each decides the sections of its report.
const (
	Performance = "performance"
	Conversions = "conversions"
	Funnel      = "funnel"
	Heatmap     = "heatmap"
	Session     = "session"
	Full        = "full"
)

// Sections of a report, in the order they appear.
const (
	secKPIs        = "kpis"
	secChart       = "chart"
	secPages       = "pages"
	secSources     = "sources"
	secTechnology  = "technology"
	secFunnels     = "funnels"
	secExperiments = "experiments"
	secRollbacks   = "rollbacks"
)

var sectionsOf = map[string][]string{
	Performance: {secKPIs, secChart, secPages, secSources},
	Conversions: {secKPIs, secChart, secPages, secSources, secFunnels},
	Funnel:      {secKPIs, secFunnels},
	Heatmap:     {secKPIs, secPages},
	Session:     {secKPIs, secChart, secTechnology},
	Full:        {secKPIs, secChart, secPages, secSources, secTechnology, secFunnels, secExperiments, secRollbacks},
}

// Sections lists a report type's sections (the full report's for an unknown type).
func Sections(reportType string) []string {
	if s, ok := sectionsOf[reportType]; ok {
		return s
	}
	return sectionsOf[Full]
}

// Limits of the rows a report lists, so that each section fits on its page.
const (
	maxFunnels     = 5
	maxExperiments = 8
	maxRollbacks   = 10
)

// Content is everything one report says, gathered once and drawn by every format.
type Content struct {
	Name        string // the scheduled report's name, or "Analytics report"
	Domain      string
	Type        string
	Zone        string
	GeneratedAt time.Time
	Days        int
	// FileBase names the rendered file without its extension (default: domain-type-last day).
	FileBase string
	// Brand, when the site's organization has white label, names the report instead of the product.
	Brand *whitelabel.Brand
	analytics.RangeReport
	Funnels     []FunnelContent
	Experiments []experiments.GroundingExperiment
	Rollbacks   []RollbackContent
}

// FunnelContent is one funnel's visitors per step over the report's days.
type FunnelContent struct {
	Name  string
	Steps []string
	Users []float64
}

// RollbackContent is one rollback of the report's days.
type RollbackContent struct {
	At     time.Time
	Kind   string
	Reason string
}

// has reports whether the content's type includes a section.
func (c *Content) has(section string) bool {
	for _, s := range Sections(c.Type) {
		if s == section {
			return true
		}
	}
	return false
}

// Period is the report's range as people read it.
func (c *Content) Period() string {
	if c.From == c.To {
		return c.From
	}
	return fmt.Sprintf("%s to %s", c.From, c.To)
}

// Gather reads a report of `days` site-local days ending on lastDay (on the site's clock) from
// the event store and the site's collections.
func Gather(app core.App, store eventstore.Store, site *core.Record, reportType, name string, days int, lastDay, now time.Time) (*Content, error) {
	zone := zones.OfSite(site)
	r, err := analytics.ReportForDays(store, site.Id, days, lastDay.In(zone))
	if err != nil {
		return nil, err
	}
	c := &Content{Name: name, Domain: site.GetString("domain"), Type: reportType, Zone: zone.String(), GeneratedAt: now,
		Days: days, RangeReport: r, Brand: whitelabel.Load(app, site.GetString("brand_id"))}
	if c.has(secFunnels) {
		if c.Funnels, err = gatherFunnels(app, store, site.Id, r.From, r.To); err != nil {
			return nil, err
		}
	}
	if c.has(secExperiments) {
		if c.Experiments, err = experiments.Summaries(app, store, site.Id, []string{"running", "paused", "completed"}, maxExperiments); err != nil {
			return nil, err
		}
	}
	if c.has(secRollbacks) {
		if c.Rollbacks, err = gatherRollbacks(app, site.Id, r.From, zone); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func gatherFunnels(app core.App, store eventstore.Store, siteID, from, to string) ([]FunnelContent, error) {
	// The report's days are the site's, as the Funnels screen counts them.
	list, err := funnels.SiteFigures(app, store, siteID, from, to, maxFunnels)
	if err != nil {
		return nil, err
	}
	out := []FunnelContent{}
	for _, f := range list {
		fc := FunnelContent{Name: f.Name}
		for _, s := range f.Steps {
			fc.Steps = append(fc.Steps, s.Label)
			fc.Users = append(fc.Users, s.Users)
		}
		out = append(out, fc)
	}
	return out, nil
}

func gatherRollbacks(app core.App, siteID, from string, zone *time.Location) ([]RollbackContent, error) {
	start, _ := time.ParseInLocation(time.DateOnly, from, zone)
	recs, err := app.FindRecordsByFilter("optimization_rollbacks", "site_id = {:s} && created_at >= {:from}", "-created_at", maxRollbacks, 0,
		map[string]any{"s": siteID, "from": start.UTC().Format("2006-01-02 15:04:05.000Z")})
	if err != nil {
		return nil, err
	}
	out := []RollbackContent{}
	for _, r := range recs {
		out = append(out, RollbackContent{At: r.GetDateTime("created_at").Time().In(zone), Kind: r.GetString("rollback_type"),
			Reason: r.GetString("trigger_reason")})
	}
	return out, nil
}

// Product is the name the report goes out under: the site's brand, else the product's.
func (c *Content) Product() string {
	if c.Brand != nil {
		return c.Brand.Name
	}
	return whitelabel.ProductName()
}

// Accent is the report's colour (the brand's primary colour), or fallback.
func (c *Content) Accent(fallback [3]int) [3]int {
	if c.Brand == nil {
		return fallback
	}
	var rgb [3]int
	if _, err := fmt.Sscanf(c.Brand.PrimaryColor, "#%02x%02x%02x", &rgb[0], &rgb[1], &rgb[2]); err != nil {
		return fallback
	}
	return rgb
}
