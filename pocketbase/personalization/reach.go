package personalization

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/audience"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
)

// Reach is an audience's share of last week's visitors.
type Reach struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Visitors int     `json:"visitors"`
	Share    float64 `json:"share"`
}

// maxReachVisitors bounds the visitors one reach reads (a site's last week, most recent first).
const maxReachVisitors = 100000

func reachHandler(e *core.RequestEvent, store eventstore.Store) error {
	site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found."})
	if err != nil {
		return err
	}
	recs, err := e.App.FindAllRecords("audiences", dbx.HashExp{"site_id": site.Id})
	if err != nil {
		return e.InternalServerError("Could not read the audiences.", err)
	}
	rows, err := store.VisitorsSince(site.Id, time.Now().UTC().Add(-7*24*time.Hour), maxReachVisitors)
	if err != nil {
		return e.InternalServerError("Could not read last week's visitors.", err)
	}
	zone := zones.SiteByID(e.App, site.Id).String()
	contexts := make([]audience.Context, len(rows))
	for i, r := range rows {
		contexts[i] = sessionContext(r, site.GetString("domain"), zone)
	}
	out := []Reach{}
	for _, a := range recs {
		var def audience.Definition
		def.Match = a.GetString("match")
		raw, _ := json.Marshal(a.Get("conditions"))
		_ = json.Unmarshal(raw, &def.Conditions)
		n := 0
		for i := range contexts {
			if audience.Matches(def, &contexts[i]) {
				n++
			}
		}
		share := 0.0
		if len(rows) > 0 {
			share = float64(n) / float64(len(rows))
		}
		out = append(out, Reach{ID: a.Id, Name: a.GetString("name"), Visitors: n, Share: share})
	}
	return e.JSON(http.StatusOK, map[string]any{"visitors": len(rows), "audiences": out})
}

// sessionContext is what a stored session tells the evaluator about its visitor.
func sessionContext(r eventstore.VisitorLatest, domain, zone string) audience.Context {
	x := audience.Context{Device: r.Device, Browser: r.Browser, Country: r.Country, Referrer: r.Referrer, TimeZone: zone}
	x.UTM.Source, x.UTM.Medium, x.UTM.Campaign = r.UtmSource, r.UtmMedium, r.UtmCampaign
	x.Landing = strings.SplitN(r.EntryPath, "?", 2)[0]
	x.URL = "https://" + domain + r.EntryPath
	x.Returning = r.Sessions > 1
	n := float64(r.Sessions)
	x.Sessions = &n
	if !r.StartedAt.IsZero() {
		ms := float64(r.StartedAt.UnixMilli())
		x.Now = &ms
	}
	return x
}
