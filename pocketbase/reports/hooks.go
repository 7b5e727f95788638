package reports

import (
	"cro/pocketbase/eventstore/zones"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

var (
	reportTypes = []string{Performance, Conversions, Funnel, Heatmap, Session, Full}
	frequencies = []string{Daily, Weekly, Monthly}
	formats     = []string{FormatPDF, FormatCSV, FormatExcel, FormatEmail}
)

// checkWrites validates every scheduled report an editor creates or changes before it is stored
// (the collection's rules have already checked the role): its choices, a frequency the site's plan
// includes (plan.go) and its recipients; and it keeps its next send time: set from
// the site's clock when it is enabled, cleared while it is paused.
func checkWrites(app core.App) {
	check := func(e *core.RecordRequestEvent) error {
		r := e.Record
		site, err := e.App.FindRecordById("sites", r.GetString("site_id"))
		if err != nil {
			return e.BadRequestError("Choose a site for the report.", nil)
		}
		if msg := checkFields(r); msg != "" {
			return e.BadRequestError(msg, nil)
		}
		// A report that will run must fit the plan; pausing one a downgrade left behind stays possible.
		if msg := planRefusal(site, r); msg != "" && (r.IsNew() || r.GetBool("enabled")) {
			return e.ForbiddenError(msg, nil)
		}
		recipients, err := CheckRecipients(r.Get("recipients"), AllowedRecipients(e.App, site))
		if err != nil {
			return e.BadRequestError(err.Error(), nil)
		}
		r.Set("recipients", recipients)
		r.Set("name", strings.TrimSpace(r.GetString("name")))
		schedule(r, site, time.Now())
		return e.Next()
	}
	app.OnRecordCreateRequest("scheduled_reports").BindFunc(check)
	app.OnRecordUpdateRequest("scheduled_reports").BindFunc(check)
}

// checkFields names the first field that is missing or not one of its values.
func checkFields(r *core.Record) string {
	if strings.TrimSpace(r.GetString("name")) == "" {
		return "Give the report a name."
	}
	for _, f := range []struct {
		field, label string
		values       []string
	}{{"report_type", "Report type", reportTypes}, {"frequency", "Frequency", frequencies}, {"format", "Format", formats}} {
		if !slices.Contains(f.values, r.GetString(f.field)) {
			return fmt.Sprintf("%s must be one of: %s.", f.label, strings.Join(f.values, ", "))
		}
	}
	return ""
}

// schedule sets the next send time of an enabled report (kept while nothing about its timing
// changed) and clears it for a paused one.
func schedule(r *core.Record, site *core.Record, now time.Time) {
	if !r.GetBool("enabled") {
		r.Set("next_scheduled_at", nil)
		return
	}
	original := r.Original()
	unchanged := !r.IsNew() && original.GetBool("enabled") && original.GetString("frequency") == r.GetString("frequency") &&
		!r.GetDateTime("next_scheduled_at").IsZero()
	if unchanged {
		return
	}
	r.Set("next_scheduled_at", NextRun(r.GetString("frequency"), anchorOf(r), now, zones.OfSite(site)))
}

// anchorOf is when a report was created (now for a new one): its weekday and day of the month.
func anchorOf(r *core.Record) time.Time {
	if c := r.GetDateTime("created_at"); !c.IsZero() {
		return c.Time()
	}
	return time.Now()
}

func siteOf(app core.App, id string) *core.Record {
	site, _ := app.FindRecordById("sites", id)
	return site
}
