package sqlite

import (
	"slices"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore/storetest"
)

// A funnel's rows are read from partial covering indexes alone (page views by path, conversions
// by goal): the table's rows, most of them other kinds of events, are never visited.
func TestFunnelRowsUseCoveringIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	for _, c := range []struct{ kind, column, index string }{
		{"pageview", "path", "idx_events_site_pageview_path_ts"},
		{"conversion", "goal", "idx_events_site_conversion_goal_ts"},
		{"micro_conversion", "goal", "idx_events_site_micro_goal_ts"},
	} {
		q := funnelRowsQuery(app.DB(), storetest.SiteA, c.kind, c.column, []any{"a", "b", "c", "d", "e", "f"}, storetest.Ago(time.Hour), storetest.Now)
		var plan []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&plan); err != nil {
			t.Fatal(err)
		}
		var details []string
		for _, p := range plan {
			details = append(details, p.Detail)
		}
		if !slices.ContainsFunc(details, func(d string) bool { return strings.Contains(d, "COVERING INDEX "+c.index) }) {
			t.Errorf("%s rows not read from %s alone: %v", c.kind, c.index, details)
		}
	}
	// The drop-off's next pages: the sessions' events by session, never a walk over the site's events.
	q := sessionEventsQuery(app.DB(), storetest.SiteA, []any{"s1", "s2", "s3"})
	var plan []struct {
		Detail string `db:"detail"`
	}
	if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + q.SQL()).Bind(q.Params()).All(&plan); err != nil {
		t.Fatal(err)
	}
	if len(plan) != 1 || !strings.Contains(plan[0].Detail, "USING INDEX idx_events_session (session=?)") {
		t.Errorf("sessions' events not read by session: %+v", plan)
	}
}
