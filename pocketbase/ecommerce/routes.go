package ecommerce

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"cro/pocketbase/access"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

type routes struct{ store eventstore.Store }

// member checks the caller's role on the site and the site's plan.
func member(e *core.RequestEvent, min access.Role, forbidden string) (*core.Record, error) {
	site, err := access.RequireSiteRole(e, e.Request.PathValue("siteId"), min, access.Messages{Forbidden: forbidden})
	if err != nil {
		return nil, err
	}
	if !planAllows(site) {
		return nil, apis.NewForbiddenError(planRequired, nil)
	}
	return site, nil
}

// RangeDays are the ranges the screen offers.
var RangeDays = map[int]bool{7: true, 30: true, 90: true}

// report is GET /api/cro/ecommerce/{siteId}?days=7|30|90 (default 30): the last days of the
// site's calendar, today included, and the same number of days before them.
func (r routes) report(e *core.RequestEvent) error {
	site, err := member(e, access.Viewer, "")
	if err != nil {
		return err
	}
	days := 30
	if q := e.Request.URL.Query().Get("days"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || !RangeDays[n] {
			return apis.NewBadRequestError("days must be 7, 30 or 90.", nil)
		}
		days = n
	}
	zone := zones.SiteByID(e.App, site.Id)
	now := time.Now().In(zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	from, prevFrom := today.AddDate(0, 0, -(days-1)), today.AddDate(0, 0, -(2*days-1))
	end := today.AddDate(0, 0, 1)
	s := loadSettings(e.App, site.Id)
	events, err := loadEvents(e.App, site.Id, from.UnixMilli(), end.UnixMilli())
	if err != nil {
		return err
	}
	orders, err := loadOrders(e.App, site.Id, from.UnixMilli(), end.UnixMilli())
	if err != nil {
		return err
	}
	prevOrders, err := loadOrders(e.App, site.Id, prevFrom.UnixMilli(), from.UnixMilli())
	if err != nil {
		return err
	}
	day := func(t time.Time) string { return t.Format("2006-01-02") }
	cur, err := r.store.Totals(site.Id, eventstore.DayRange{From: day(from), To: day(today)})
	if err != nil {
		return err
	}
	prev, err := r.store.Totals(site.Id, eventstore.DayRange{From: day(prevFrom), To: day(from.AddDate(0, 0, -1))})
	if err != nil {
		return err
	}
	rep := build(e.App, site.Id, counted(events), orders, s, time.Now())
	rep.Days, rep.From, rep.To = days, day(from), day(today)
	rep.Current, rep.Previous = summarize(orders, cur.Visitors, s), summarize(prevOrders, prev.Visitors, s)
	return e.JSON(http.StatusOK, rep)
}

func (r routes) settings(e *core.RequestEvent) error {
	site, err := member(e, access.Viewer, "")
	if err != nil {
		return err
	}
	return e.JSON(http.StatusOK, loadSettings(e.App, site.Id))
}

// saveSettings is POST /api/cro/ecommerce/{siteId}/settings {enabled, currency, rates}: admins
// and owners; a bad currency or rate is a 400 naming it, and nothing changes.
func (r routes) saveSettings(e *core.RequestEvent) error {
	site, err := member(e, access.Admin, "Only admins and owners can change the ecommerce settings.")
	if err != nil {
		return err
	}
	var body struct {
		Enabled  *bool              `json:"enabled"`
		Currency *string            `json:"currency"`
		Rates    map[string]float64 `json:"rates"`
	}
	if err := json.NewDecoder(e.Request.Body).Decode(&body); err != nil {
		return apis.NewBadRequestError("The body must be JSON: {enabled, currency, rates}; rates are numbers by currency code.", nil)
	}
	s := loadSettings(e.App, site.Id)
	if body.Enabled != nil {
		s.Enabled = *body.Enabled
	}
	if body.Currency != nil {
		s.Currency = *body.Currency
	}
	if body.Rates != nil {
		s.Rates = body.Rates
	}
	if problem := SettingsProblem(s.Currency, s.Rates); problem != "" {
		// The contract's own wording (its field first), which apis errors would capitalise.
		return e.JSON(http.StatusBadRequest, map[string]any{"status": http.StatusBadRequest, "message": problem, "data": map[string]any{}})
	}
	if err := saveSettings(e.App, site.Id, s); err != nil {
		return err
	}
	return e.JSON(http.StatusOK, s)
}

// experiment is GET /api/cro/ecommerce/{siteId}/experiments/{id}: per variant, in the
// experiment's order, orders, revenue, average order value and revenue per visitor.
func (r routes) experiment(e *core.RequestEvent) error {
	site, err := member(e, access.Viewer, "")
	if err != nil {
		return err
	}
	exp, err := e.App.FindRecordById("experiments", e.Request.PathValue("id"))
	if err != nil || exp.GetString("site_id") != site.Id {
		return apis.NewNotFoundError("Experiment not found", nil)
	}
	var variants []struct {
		Key string `json:"key"`
	}
	raw, _ := json.Marshal(exp.Get("variants"))
	_ = json.Unmarshal(raw, &variants)
	keys := make([]string, len(variants))
	for i, v := range variants {
		keys[i] = v.Key
	}
	s := loadSettings(e.App, site.Id)
	out, ok, err := variantOrders(e.App, r.store, site.Id, exp.Id, keys, s)
	if err != nil {
		return err
	}
	if !ok {
		return apis.NewApiError(http.StatusNotImplemented, "This event store cannot list an experiment's visitors.", nil)
	}
	return e.JSON(http.StatusOK, map[string]any{"currency": s.Currency, "variants": out})
}
