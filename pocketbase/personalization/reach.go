package personalization

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/access"
	"cro/pocketbase/analytics"
	"cro/pocketbase/audience"
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

// Each visitor of the week with their latest session (SQLite takes the bare columns from the row
// holding the MAX) and how many sessions they have had (within retention).
const reachSQL = `SELECT visitor, MAX(started_at) AS started, entry_path, referrer, utm_source, utm_medium, utm_campaign,
	device_type, browser, country, COUNT(*) AS n
	FROM sessions WHERE site_id = {:site} AND visitor IN (SELECT visitor FROM sessions WHERE site_id = {:site} AND started_at >= {:from})
	GROUP BY visitor ORDER BY started DESC LIMIT {:max}`

type reachRow struct {
	Visitor  string  `db:"visitor"`
	Started  string  `db:"started"`
	Entry    string  `db:"entry_path"`
	Referrer string  `db:"referrer"`
	Source   string  `db:"utm_source"`
	Medium   string  `db:"utm_medium"`
	Campaign string  `db:"utm_campaign"`
	Device   string  `db:"device_type"`
	Browser  string  `db:"browser"`
	Country  string  `db:"country"`
	N        float64 `db:"n"`
}

func reachHandler(e *core.RequestEvent) error {
	site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), access.Viewer, access.Messages{NotFound: "Site not found."})
	if err != nil {
		return err
	}
	recs, err := e.App.FindAllRecords("audiences", dbx.HashExp{"site_id": site.Id})
	if err != nil {
		return e.InternalServerError("Could not read the audiences.", err)
	}
	from := time.Now().UTC().Add(-7 * 24 * time.Hour).Format("2006-01-02 15:04:05.000Z")
	var rows []reachRow
	err = e.App.DB().NewQuery(reachSQL).Bind(dbx.Params{"site": site.Id, "from": from, "max": maxReachVisitors}).All(&rows)
	if err != nil {
		return e.InternalServerError("Could not read last week's visitors.", err)
	}
	zone := analytics.SiteZoneByID(e.App, site.Id).String()
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
func sessionContext(r reachRow, domain, zone string) audience.Context {
	x := audience.Context{Device: r.Device, Browser: r.Browser, Country: r.Country, Referrer: r.Referrer, TimeZone: zone}
	x.UTM.Source, x.UTM.Medium, x.UTM.Campaign = r.Source, r.Medium, r.Campaign
	x.Landing = strings.SplitN(r.Entry, "?", 2)[0]
	x.URL = "https://" + domain + r.Entry
	x.Returning = r.N > 1
	n := r.N
	x.Sessions = &n
	if t, err := time.Parse("2006-01-02 15:04:05.000Z", r.Started); err == nil {
		ms := float64(t.UnixMilli())
		x.Now = &ms
	}
	return x
}
