package clickhouse

import (
	"sync/atomic"
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/goalmatch"
	"cro/pocketbase/eventstore/zones"
)

// chRow is one row of the ClickHouse events table (Schema): a raw event as the SQLite
// writer stores it (apply.go), with the session's device, browser and country, the site's local
// day, and what SQLite keeps on its session and exposure rows (utm, identity, experiment).
type chRow struct {
	SiteID      string  `json:"site_id"`
	Day         string  `json:"day"`
	TS          int64   `json:"ts"`
	At          int64   `json:"at"`
	Visitor     string  `json:"visitor"`
	Session     string  `json:"session"`
	Type        string  `json:"type"`
	Name        string  `json:"name"`
	Path        string  `json:"path"`
	URL         string  `json:"url"`
	Referrer    string  `json:"referrer"`
	Props       string  `json:"props"`
	Value       float64 `json:"value"`
	X           float64 `json:"x"`
	Y           float64 `json:"y"`
	Selector    string  `json:"selector"`
	Device      string  `json:"device_type"`
	Browser     string  `json:"browser"`
	Country     string  `json:"country"`
	Rule        string  `json:"rule"`
	Goal        string  `json:"goal"`
	Client      string  `json:"client"`
	OffsetX     float64 `json:"offset_x"`
	OffsetY     float64 `json:"offset_y"`
	Viewport    string  `json:"viewport"`
	Scrolled    int     `json:"scrolled"`
	UtmSource   string  `json:"utm_source"`
	UtmMedium   string  `json:"utm_medium"`
	UtmCampaign string  `json:"utm_campaign"`
	Identity    string  `json:"identity"`
	Experiment  string  `json:"experiment"`
	Variant     string  `json:"variant"`
	Seq         uint64  `json:"seq"`
}

// chOutcome is one row of experiment_events: an exposure (Experiment, Variant) or an outcome of a
// tested site's visitor (Goal, or revenueGoal with the purchase's counted Value).
type chOutcome struct {
	SiteID     string  `json:"site_id"`
	Day        string  `json:"day"`
	At         int64   `json:"at"`
	Visitor    string  `json:"visitor"`
	Experiment string  `json:"experiment"`
	Variant    string  `json:"variant"`
	Goal       string  `json:"goal"`
	Value      float64 `json:"value"`
	Seq        uint64  `json:"seq"`
}

// chSeq numbers rows in the order of writing: microseconds at start, then one more per row, so
// that a restarted writer keeps counting up.
var chSeq atomic.Uint64

func init() { chSeq.Store(uint64(time.Now().UnixMicro())) }

func nextSeq() uint64 { return chSeq.Add(1) }

// prepare turns one ingest into its rows: the same rows, goals and revenue caps as the SQLite
// writer (apply.go), without rollups (the queries aggregate raw rows).
func (s *chStore) prepare(in eventstore.Ingest) (*chJob, error) {
	j := &chJob{done: make(chan error, 1), site: in.Site.ID}
	site := in.Site
	s.mu.Lock()
	defer s.mu.Unlock()
	if in.Conversion != nil {
		row, err := s.serverConversion(site, in.Conversion)
		if err != nil {
			return nil, err
		}
		row.Seq = nextSeq()
		j.rows = append(j.rows, row)
		c := in.Conversion
		if c.GoalID != "" {
			j.outcomes = append(j.outcomes, chOutcome{SiteID: site.ID, Day: row.Day, At: row.At, Visitor: c.Visitor, Goal: c.GoalID})
		}
		if c.Value > 0 {
			j.outcomes = append(j.outcomes, chOutcome{SiteID: site.ID, Day: row.Day, At: row.At, Visitor: c.Visitor, Goal: eventrow.RevenueGoal, Value: c.Value})
		}
		return j, nil
	}
	b := in.Batch
	if b == nil || len(b.Events) == 0 {
		return nil, nil
	}
	for i := range b.Events {
		ev := &b.Events[i]
		day := zones.LocalDay(ev.At, site.Zone)
		if eventrow.Dropped(site, ev) { // no row, so no session either (the SQLite writer's rule)
			if ev.Type == "xp" {
				j.counters = append(j.counters, chCounter(site.ID, day, "dropped_exposures"))
			}
			continue
		}
		base := chRow{SiteID: site.ID, Day: day, TS: ev.At.Unix(), At: ev.At.UnixMilli(), Visitor: b.Visitor, Session: b.Session,
			Type: collect.TypeNames[ev.Type], Path: ev.Path, Device: in.Device, Browser: in.Browser, Country: in.Country, Client: in.Client}
		row := base
		switch ev.Type {
		case "pv":
			row.Referrer, row.UtmSource, row.UtmMedium, row.UtmCampaign = ev.Referrer, ev.UtmSource, ev.UtmMedium, ev.UtmCamp
		case "lv":
			row.Value, row.Viewport = ev.Duration, clickmap.ViewportClass(ev.Viewport, in.Device)
			if ev.Scroll != nil {
				row.X, row.Scrolled = *ev.Scroll, 1
			}
		case "ck":
			row.Selector, row.Name, row.X, row.Y = ev.Selector, ev.Text, ev.X, ev.Y
			row.OffsetX, row.OffsetY, row.Viewport = ev.OffsetX, ev.OffsetY, clickmap.ViewportClass(ev.Viewport, in.Device)
		case "ob":
			row.URL = ev.URL
		case "ev":
			row.Name, row.Value = ev.Name, ev.Value
			if len(ev.Props) > 0 {
				row.Props = string(ev.Props)
			}
		case "fs":
			row.Selector = ev.Selector
		case "er":
			row.Name, row.URL = eventrow.Truncate(ev.Message, 100), ev.Source
			row.Props = eventrow.JSON(map[string]any{"message": ev.Message, "source": ev.Source, "line": ev.Line})
		case "wv":
			row.Name, row.Value = ev.Name, ev.Value
		case "id":
			row.Identity = ev.ID
		case "xp":
			row.Experiment, row.Variant = ev.ID, ev.Name
			j.outcomes = append(j.outcomes, chOutcome{SiteID: site.ID, Day: day, At: row.At, Visitor: b.Visitor, Experiment: ev.ID, Variant: ev.Name, Seq: nextSeq()})
		case "ex", "ae":
			row.Rule = ev.ID
			if ev.Type == "ex" && ev.Name == "holdout" {
				row.Type = eventrow.HoldoutExposure // a personalization's held-out visitor, as apply.go stores it
			} else if ev.Type == "ex" {
				row.Value = ev.Value
			} else {
				row.Name = eventrow.Truncate(ev.Message, 100)
			}
		}
		row.Seq = nextSeq()
		j.rows = append(j.rows, row)
		tested := len(site.Experiments) > 0
		purchase := -1.0 // the purchase's counted value once a goal counted it (apply.go)
		for _, g := range site.Goals {
			value, ok := goalmatch.Hit(g, ev)
			if !ok {
				continue
			}
			conv := base
			conv.Type, conv.Name, conv.Goal = "conversion", eventrow.Truncate(g.Name, 100), g.ID
			if g.Micro {
				conv.Type = "micro_conversion"
				conv.Props = eventrow.JSON(map[string]any{"goal": g.ID, "micro": true, "verified": in.Verified})
			} else {
				props := map[string]any{"goal": g.ID, "verified": in.Verified}
				if value > 0 && !in.Verified {
					props["reported"] = value
					value = s.capRevenue(site.ID, b.Visitor, in.Client, day, value)
				}
				conv.Value, conv.Props = value, eventrow.JSON(props)
				if goalmatch.IsPurchase(ev) && purchase < 0 {
					purchase = value
				}
			}
			conv.Seq = nextSeq()
			j.rows = append(j.rows, conv)
			if tested {
				j.outcomes = append(j.outcomes, chOutcome{SiteID: site.ID, Day: day, At: base.At, Visitor: b.Visitor, Goal: g.ID})
			}
		}
		if tested && goalmatch.IsPurchase(ev) {
			if purchase < 0 {
				purchase = ev.Value
				if !in.Verified {
					purchase = s.capRevenue(site.ID, b.Visitor, in.Client, day, purchase)
				}
			}
			j.outcomes = append(j.outcomes, chOutcome{SiteID: site.ID, Day: day, At: base.At, Visitor: b.Visitor, Goal: eventrow.RevenueGoal, Value: purchase})
		}
	}
	return j, nil
}

// serverConversion is a public API conversion: on the visitor's latest session when there is one.
func (s *chStore) serverConversion(site *eventstore.Site, c *eventstore.ServerConversion) (chRow, error) {
	goalID := "api:" + c.Goal
	if c.GoalID != "" {
		goalID = c.GoalID
	}
	row := chRow{SiteID: site.ID, Day: zones.LocalDay(c.At, site.Zone), TS: c.At.Unix(), At: c.At.UnixMilli(), Visitor: c.Visitor,
		Type: "conversion", Name: eventrow.Truncate(c.Goal, 100), Goal: goalID, Value: c.Value,
		Props: eventrow.JSON(map[string]any{"goal": goalID, "source": eventstore.ServerConversionSource, "verified": true,
			"conversion_id": c.ID, "currency": c.Currency})}
	q, _ := Bind(`SELECT argMax(session, at) AS l_session, argMax(path, at) AS l_path, argMax(device_type, at) AS l_device,
		argMax(browser, at) AS l_browser, argMax(country, at) AS l_country, count() AS n FROM events
		WHERE site_id = {:site} AND visitor = {:visitor} AND session != '' AND type = 'pageview'`,
		map[string]any{"site": site.ID, "visitor": c.Visitor})
	r, err := s.db.QueryOne(q)
	if err != nil {
		return row, err
	}
	if r.Int("n") > 0 {
		row.Session, row.Path, row.Device, row.Browser, row.Country = r.Str("l_session"), r.Str("l_path"), r.Str("l_device"), r.Str("l_browser"), r.Str("l_country")
	}
	return row, nil
}
