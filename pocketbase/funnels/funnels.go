// Package funnels serves a funnel's figures computed from raw events through the event store:
// GET /api/cro/funnels/{id}/results (per step, per breakdown value, and the previous period of
// equal length) and GET /api/cro/funnels/{id}/dropoff (where the visitors who stopped at a step
// went next, and their recordings). Members only, like the other analytics routes.
package funnels

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funnelpath"
	"cro/pocketbase/eventstore/zones"
)

// Defaults of a funnel record without them (src/lib/funnels.ts has the same).
const (
	defaultWindowDays = 7
	defaultRangeDays  = 30
	maxRangeDays      = 366
)

// Register adds the funnel routes.
func Register(app *pocketbase.PocketBase, store eventstore.Store) {
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			se.Router.GET("/api/cro/funnels/{id}/results", resultsHandler(store))
			se.Router.GET("/api/cro/funnels/{id}/dropoff", dropOffHandler(store))
			return se.Next()
		},
	})
	registerWarm(app, store)
	registerDefinitions(app, store)
}

// storedStep is a step as the funnels collection keeps it.
type storedStep struct {
	Kind  string `json:"kind"`
	Match string `json:"match"`
	Goal  string `json:"goal"`
}

// dayRange is an inclusive range of days of the site's calendar (its time zone) and the instants
// it covers.
type dayRange struct {
	From string `json:"from"`
	To   string `json:"to"`
	days int
	zone *time.Location
}

func (r dayRange) start() time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, r.From, r.zone)
	return t
}
func (r dayRange) end() time.Time {
	t, _ := time.ParseInLocation(time.DateOnly, r.To, r.zone)
	return t.AddDate(0, 0, 1)
}

// previous is the range of equal length just before.
func (r dayRange) previous() dayRange {
	s := r.start()
	return dayRange{From: s.AddDate(0, 0, -r.days).Format(time.DateOnly), To: s.AddDate(0, 0, -1).Format(time.DateOnly), days: r.days,
		zone: r.zone}
}

// parseRange reads ?from=&to= (days of the site's calendar, both included; the last 30 days by default).
func parseRange(e *core.RequestEvent, now time.Time, zone *time.Location) (dayRange, error) {
	q := e.Request.URL.Query()
	to, from := q.Get("to"), q.Get("from")
	if to == "" {
		to = now.In(zone).Format(time.DateOnly)
	}
	end, err := time.Parse(time.DateOnly, to)
	if err != nil {
		return dayRange{}, e.BadRequestError("to must be a day as YYYY-MM-DD.", nil)
	}
	if from == "" {
		from = end.AddDate(0, 0, -(defaultRangeDays - 1)).Format(time.DateOnly)
	}
	start, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return dayRange{}, e.BadRequestError("from must be a day as YYYY-MM-DD.", nil)
	}
	days := int(end.Sub(start).Hours()/24) + 1
	if days < 1 || days > maxRangeDays {
		return dayRange{}, e.BadRequestError("from must be on or before to, at most 366 days apart.", nil)
	}
	return dayRange{From: from, To: to, days: days, zone: zone}, nil
}

// load finds the funnel for a member of its site and builds its query over a range.
func load(e *core.RequestEvent) (*core.Record, eventstore.FunnelQuery, error) {
	if e.Auth == nil {
		return nil, eventstore.FunnelQuery{}, e.UnauthorizedError("Sign in to view funnels.", nil)
	}
	f, err := e.App.FindRecordById("funnels", e.Request.PathValue("id"))
	if err != nil {
		return nil, eventstore.FunnelQuery{}, e.NotFoundError("Funnel not found.", nil)
	}
	if _, err := access.RequireSiteRole(e, f.GetString("site_id"), access.Viewer,
		access.Messages{NotFound: "Funnel not found.", Superusers: true}); err != nil {
		return nil, eventstore.FunnelQuery{}, err
	}
	q, ok := QueryOf(e.App, f)
	if !ok {
		return nil, eventstore.FunnelQuery{}, e.BadRequestError("The funnel needs 2 to 10 steps.", nil)
	}
	return f, q, nil
}

// QueryOf builds a funnel record's query (steps, order, window, its site's time zone) without a
// range; ok is false when the record does not have 2 to 10 steps.
func QueryOf(app core.App, f *core.Record) (eventstore.FunnelQuery, bool) {
	var stored []storedStep
	raw, _ := json.Marshal(f.Get("steps"))
	_ = json.Unmarshal(raw, &stored)
	q := eventstore.FunnelQuery{SiteID: f.GetString("site_id"), Order: eventstore.FunnelOrder(f.GetString("step_order")),
		Zone: zones.SiteByID(app, f.GetString("site_id"))}
	for _, s := range stored {
		if s.Kind == "goal" {
			q.Steps = append(q.Steps, eventstore.FunnelStep{Goal: s.Goal})
		} else {
			q.Steps = append(q.Steps, eventstore.FunnelStep{Page: s.Match})
		}
	}
	if len(q.Steps) < 2 || len(q.Steps) > funnelpath.MaxSteps {
		return eventstore.FunnelQuery{}, false
	}
	if q.Order == "" {
		q.Order = eventstore.FunnelOrdered
	}
	days := f.GetInt("window_days")
	if days <= 0 {
		days = defaultWindowDays
	}
	q.Window = time.Duration(days) * 24 * time.Hour
	return q, true
}

func within(q eventstore.FunnelQuery, r dayRange) eventstore.FunnelQuery {
	q.From, q.To = r.start(), r.end()
	return q
}

// resultsHandler answers the funnel's figures over the range and over the previous period.
func resultsHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		f, q, err := load(e)
		if err != nil {
			return err
		}
		r, err := parseRange(e, time.Now(), q.Zone)
		if err != nil {
			return err
		}
		q.Breakdown = e.Request.URL.Query().Get("breakdown")
		if q.Breakdown != "" && !slices.Contains(funnelpath.Breakdowns, q.Breakdown) {
			return e.BadRequestError("breakdown must be one of device, browser, country, source, landing.", nil)
		}
		breakdown := q.Breakdown
		prev := r.previous()
		// The two periods are independent reads: side by side, the answer waits for the longer one only.
		var previous eventstore.FunnelFigures
		var prevErr error
		done := make(chan struct{})
		go func() {
			defer close(done)
			totals := within(q, prev)
			totals.Breakdown = "" // the comparison is of the totals
			previous, prevErr = store.FunnelResults(totals)
		}()
		current, err := store.FunnelResults(within(q, r))
		<-done
		if err = errors.Join(err, prevErr); err != nil {
			return e.InternalServerError("Could not read the funnel's results.", err)
		}
		return e.JSON(http.StatusOK, map[string]any{
			"funnelId": f.Id, "range": r, "previousRange": prev, "windowDays": int(q.Window.Hours() / 24), "order": q.Order,
			"breakdownBy": breakdown, "current": current, "previous": previous,
		})
	}
}

// recording is a session recording of a visitor who stopped at the step.
type recording struct {
	ID        string `db:"id" json:"id"`
	SessionID string `db:"session_id" json:"session_id"`
	PageURL   string `db:"page_url" json:"page_url"`
}

// dropOffHandler answers ?step= (1-based, not the last) with where its leavers went next.
func dropOffHandler(store eventstore.Store) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		_, q, err := load(e)
		if err != nil {
			return err
		}
		r, err := parseRange(e, time.Now(), q.Zone)
		if err != nil {
			return err
		}
		step, err := strconv.Atoi(e.Request.URL.Query().Get("step"))
		if err != nil || step < 1 || step >= len(q.Steps) {
			return e.BadRequestError("step must be a step of the funnel other than the last (1-based).", nil)
		}
		d, err := store.FunnelDropOff(within(q, r), step-1)
		if err != nil {
			return e.InternalServerError("Could not read the funnel's drop-off.", err)
		}
		recordings := []recording{}
		if len(d.Sessions) > 0 {
			ids := make([]any, len(d.Sessions))
			for i, s := range d.Sessions {
				ids[i] = s
			}
			err = e.App.DB().Select("id", "session_id", "page_url").From("session_recordings").
				Where(dbx.And(dbx.HashExp{"site_id": q.SiteID}, dbx.In("session_id", ids...))).
				OrderBy("started_at DESC").Limit(50).All(&recordings)
			if err != nil {
				return e.InternalServerError("Could not read the recordings.", err)
			}
		}
		return e.JSON(http.StatusOK, map[string]any{"step": step, "range": r, "visitors": d.Visitors, "nextPages": d.NextPages,
			"recordings": recordings})
	}
}
