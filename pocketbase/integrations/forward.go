package integrations

import (
	"cro/pocketbase/eventstore"
	"log"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

const (
	forwardBatch  = 200
	forwardRounds = 10 // at most 2,000 items per integration per pass; the next pass goes on
	cursorSetting = "forwarded_until"
	startMargin   = 5 * time.Minute
)

// inboundSources are the order webhooks whose purchases are forwarded when they arrive (with the
// buyer's hashed address), so the feed leaves them out.
var inboundSources = []string{"shopify:", "woocommerce:", "stripe:"}

// Forward makes one pass over the integrations that take exposures or conversions: each gets its
// site's feed since its own cursor, in order; a delivery that fails after its retries stops that
// integration's pass, so nothing is skipped and the next pass starts from it.
func (b *Bus) Forward(store eventstore.Store) {
	records, err := b.app.FindRecordsByFilter("integrations", "enabled = true && (status = 'connected' || status = 'error')", "", 0, 0)
	if err != nil {
		return
	}
	for _, rec := range records {
		kind := rec.GetString("integration_type")
		if accepts(kind, EventExposure) || accepts(kind, EventConversion) {
			b.forwardOne(store, rec)
		}
	}
}

func (b *Bus) forwardOne(store eventstore.Store, rec *core.Record) {
	site, err := b.app.FindRecordById("sites", rec.GetString("site_id"))
	if err != nil {
		return
	}
	t, err := b.target(rec)
	if err != nil {
		return
	}
	cursor, ok := cursorOf(rec)
	if !ok {
		// First pass: start with what happened since the integration was connected, with a margin
		// for the visitors' clocks and batches still on their way.
		if cursor, err = store.FeedStart(site.Id, rec.GetDateTime("created_at").Time().Add(-startMargin)); err != nil {
			return
		}
	}
	names := map[string]string{}
	defer func() { saveCursor(b.app, rec.Id, cursor) }()
	for round := 0; round < forwardRounds; round++ {
		items, err := store.Feed(site.Id, cursor, forwardBatch)
		if err != nil {
			log.Printf("integrations: feed of %s: %v", site.Id, err)
			return
		}
		for _, it := range items {
			ev, ok := b.feedEvent(it, site, names)
			if ok && accepts(t.Type, ev.Kind) {
				last := b.attempts(rec, t, ev)
				settle(b.app, rec.Id, last.OK(), last.Err, true)
				if !last.OK() {
					return
				}
			}
			if it.Kind == "exposure" {
				cursor.Exposures = it.Row
			} else {
				cursor.Conversions = it.Row
			}
		}
		if len(items) < forwardBatch {
			return
		}
	}
}

// feedEvent turns a feed item into the bus's event.
func (b *Bus) feedEvent(it eventstore.FeedItem, site *core.Record, names map[string]string) (Event, bool) {
	ev := Event{SiteID: site.Id, Domain: site.GetString("domain"), At: it.At, Visitor: it.Visitor, Data: map[string]any{}}
	switch it.Kind {
	case "exposure":
		name, ok := names["x:"+it.Experiment]
		if !ok {
			if x, err := b.app.FindRecordById("experiments", it.Experiment); err == nil {
				name = x.GetString("name")
			}
			names["x:"+it.Experiment] = name
		}
		ev.ID, ev.Kind, ev.Title = "xp_"+it.ID, EventExposure, "Exposure to "+name
		ev.Exposure = &Exposure{ExperimentID: it.Experiment, ExperimentName: name, Variant: it.Variant}
		return ev, true
	case "conversion":
		for _, prefix := range inboundSources {
			if strings.HasPrefix(it.ConversionID, prefix) {
				return Event{}, false
			}
		}
		goal, ok := names["g:"+it.Goal]
		if !ok {
			goal = b.goalName(it)
			names["g:"+it.Goal] = goal
		}
		ev.ID, ev.Kind, ev.Title = "cv_"+it.ID, EventConversion, "Conversion: "+goal
		ev.Conversion = &Conversion{Goal: goal, Value: it.Value, Source: "tracker"}
		if it.Verified {
			ev.Conversion.Source = "api"
		}
		ev.Data["verified"] = it.Verified
		return ev, true
	}
	return Event{}, false
}

// goalName is "purchase" for the site's purchase goal (the custom event of that name), else the
// goal's name, so analytics tools receive their standard purchase event.
func (b *Bus) goalName(it eventstore.FeedItem) string {
	if name, ok := strings.CutPrefix(it.Goal, "api:"); ok {
		return name
	}
	g, err := b.app.FindRecordById("goals", it.Goal)
	if err != nil {
		return it.Name
	}
	if g.GetString("type") == "event" && g.GetString("match") == "purchase" {
		return "purchase"
	}
	return g.GetString("name")
}

// The cursor lives in the integration's settings; a new integration starts when it was connected,
// not with the site's history.
func cursorOf(rec *core.Record) (eventstore.FeedCursor, bool) {
	var c eventstore.FeedCursor
	raw, ok := settingsOf(rec)[cursorSetting].(map[string]any)
	if !ok {
		return c, false
	}
	x, okX := raw["x"].(float64)
	cv, okC := raw["c"].(float64)
	c.Exposures, c.Conversions = int64(x), int64(cv)
	return c, okX && okC
}

func saveCursor(app core.App, id string, cursor eventstore.FeedCursor) {
	rec, err := app.FindRecordById("integrations", id)
	if err != nil {
		return
	}
	m := settingsOf(rec)
	if old, ok := cursorOf(rec); ok && old == cursor {
		return
	}
	m[cursorSetting] = map[string]any{"x": cursor.Exposures, "c": cursor.Conversions}
	rec.Set("settings", m)
	if err := app.Save(rec); err != nil {
		log.Printf("integrations: %v", err)
	}
}
