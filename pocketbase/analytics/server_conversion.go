package analytics

import (
	"database/sql"
	"errors"
	"time"
)

// ServerConversion is a conversion reported by the site's own server through the public API. Only
// the holder of one of the site's secret keys can send it, so it is stored as verified (the raw
// event's properties carry source "api" and verified true), unlike conversions seen by browsers.
type ServerConversion struct {
	ID       string // the API's id of the conversion
	Visitor  string // the tracker's visitor id
	Goal     string
	Value    float64
	Currency string
	At       time.Time
}

// ServerConversionSource is the source property of conversions reported through the public API.
const ServerConversionSource = "api"

// RecordServerConversion stores one server-side conversion and returns once it is durable.
func RecordServerConversion(store Store, siteID string, c ServerConversion) error {
	return store.Submit(Ingest{Site: &siteInfo{ID: siteID}, Conversion: &c})
}

const latestVisitorSessionSQL = `SELECT session_key FROM sessions WHERE site_id = {:site} AND visitor = {:visitor}
	ORDER BY started_at DESC LIMIT 1`

// applyServerConversion counts the conversion in the visitor's latest session when the tracker has
// seen the visitor (so conversion rate and dimensions include it); without one it still counts in
// the day's conversions and revenue, and never invents a session or a visit.
func (a *applier) applyServerConversion(j *job) error {
	c := j.conversion
	siteID := j.site.ID
	day := dayOf(c.At)
	g := goal{ID: "api:" + c.Goal, Name: c.Goal}
	props := jsonString(map[string]any{
		"goal": g.ID, "source": ServerConversionSource, "verified": true, "conversion_id": c.ID, "currency": c.Currency,
	})
	var key string
	err := a.tx.row(latestVisitorSessionSQL, map[string]any{"site": siteID, "visitor": c.Visitor}, &key)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if key != "" {
		mem := siteID + "|" + key
		s := a.w.sessions[mem]
		if s == nil {
			s = loadSession(a.tx, siteID, key)
		}
		if s != nil {
			s.touchedAt = time.Now()
			a.w.sessions[mem] = s
			a.touched[mem] = s
			if err := a.convert(s, g, c.Value, &Event{Path: s.exit, at: c.At}, day); err != nil {
				return err
			}
			a.rows[len(a.rows)-1]["props"] = props // the row convert just added, marked as the server's
			return nil
		}
	}
	d := a.day(siteID, day)
	d.conversions++
	if c.Value > 0 {
		d.revenue += c.Value
	}
	a.rows = append(a.rows, map[string]any{
		"site": siteID, "visitor": c.Visitor, "session": "", "type": "conversion", "name": truncate(c.Goal, 100),
		"path": "", "url": "", "referrer": "", "props": props, "value": c.Value, "x": 0.0, "y": 0.0, "selector": "",
		"device": "", "browser": "", "country": "", "ts": dbTime(c.At), "rule": "",
	})
	return nil
}
