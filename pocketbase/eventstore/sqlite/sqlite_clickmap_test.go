package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/storetest"
	"strings"
	"testing"
	"time"
)

// The SQLite store's click and scroll maps: viewport classes, the query plans and the budget.

func heatmapQuery(site, device string) eventstore.HeatmapQuery {
	return eventstore.HeatmapQuery{SiteID: site, Path: "/pricing", Device: device, From: storetest.Ago(24 * time.Hour), To: storetest.Now}
}

func TestViewportClass(t *testing.T) {
	for _, c := range []struct {
		width float64
		ua    string
		want  string
	}{{390, "desktop", "mobile"}, {767, "", "mobile"}, {768, "mobile", "tablet"}, {1023, "", "tablet"}, {1024, "mobile", "desktop"},
		{0, "tablet", "tablet"}, {0, "", "desktop"}} {
		if got := clickmap.ViewportClass(c.width, c.ua); got != c.want {
			t.Errorf("ViewportClass(%v, %q) = %q, want %q", c.width, c.ua, got, c.want)
		}
	}
	for sel, want := range map[string]bool{"button#buy": true, "main>a.cta": true, "form>label": true, "main>h1.title": false,
		"div.card>img": false, "nav>summary": true, "div#menu": false} {
		if clickmap.Interactive(sel) != want {
			t.Errorf("Interactive(%q) = %v", sel, !want)
		}
	}
}

// A heatmap reads its page's clicks and leaves from their partial covering indexes alone, never
// the site's other events.
func TestClickMapUsesCoveringIndexes(t *testing.T) {
	app := newSchemaApp(t, storetest.SiteA)
	p := heatmapParams(heatmapQuery(storetest.SiteA, "desktop"))
	p["selectors"] = `["main>h1"]`
	for _, c := range []struct{ name, sql, index string }{
		{"clicks", clickRowsSQL, "COVERING INDEX idx_events_site_click_page"},
		{"dead", deadClicksSQL, "idx_events_site_click_page"},
		{"scroll", scrollDepthSQL, "COVERING INDEX idx_events_site_leave_page"},
	} {
		var plan []struct {
			Detail string `db:"detail"`
		}
		if err := app.DB().NewQuery("EXPLAIN QUERY PLAN " + c.sql).Bind(p).All(&plan); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, row := range plan {
			found = found || strings.Contains(row.Detail, c.index)
			if strings.Contains(row.Detail, "SCAN events") || strings.Contains(row.Detail, "SCAN c ") || row.Detail == "SCAN c" {
				t.Errorf("%s scans the events table: %v", c.name, plan)
			}
		}
		if !found {
			t.Errorf("%s does not use %s: %v", c.name, c.index, plan)
		}
		if c.name == "dead" && !strings.Contains(plan[len(plan)-2].Detail, "USING INDEX idx_events_session_pageviews (session=? AND ts>? AND ts<?)") {
			t.Errorf("the page views after a dead click are not looked up by session: %v", plan)
		}
	}
}
