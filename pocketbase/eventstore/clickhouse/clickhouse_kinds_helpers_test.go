package clickhouse

import (
	"sort"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/storetest"
)

// kindsAnswer is what the dashboard's three kinds of figures (totals, pages, dimensions) answer
// for one range.
type kindsAnswer struct {
	T     eventstore.Totals
	Pages []eventstore.PageFigures
	Dims  []eventstore.DimFigures
}

// readKinds reads the kinds in the order given ('t' totals, 'p' pages, 'd' dimensions), as routes
// arriving in that order would, and sorts the lists so answers compare.
func readKinds(t *testing.T, s *chStore, r eventstore.DayRange, order string) kindsAnswer {
	t.Helper()
	var a kindsAnswer
	var err error
	for _, c := range order {
		switch c {
		case 't':
			a.T, err = s.Totals(storetest.SiteA, r)
		case 'p':
			a.Pages, err = s.TopPages(storetest.SiteA, r, -1)
		case 'd':
			a.Dims, err = s.Dimensions(storetest.SiteA, r)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Slice(a.Pages, func(i, j int) bool { return a.Pages[i].Path < a.Pages[j].Path })
	sort.Slice(a.Dims, func(i, j int) bool {
		return a.Dims[i].Dim+"|"+a.Dims[i].Value < a.Dims[j].Dim+"|"+a.Dims[j].Value
	})
	return a
}

// sitePageView is one page view on storetest's SiteA by visitor "v" + the session's first two
// characters.
func sitePageView(session, path, ref, device string, when time.Time) eventstore.Ingest {
	site := storetest.Site(storetest.SiteA)
	return eventstore.Ingest{Site: site, Batch: &eventstore.Batch{Key: site.Key, Visitor: "v" + session[:2], Session: session,
		Events: []eventstore.Event{{Type: "pv", Path: path, Referrer: ref, At: when}}}, Device: device, Browser: "Chrome", Country: "SE"}
}
