package sqlite

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/goalmatch"
	"cro/pocketbase/eventstore/revenuecap"
	"cro/pocketbase/eventstore/zones"
	"time"
)

// visitorFirstSQL is the visitor's earliest session of a day: the one its day's visitor counts on.
// INDEXED BY: for ORDER BY started_at the planner would walk all the site's sessions of the day.
const visitorFirstSQL = `SELECT session_key, started_at FROM sessions INDEXED BY idx_sessions_site_visitor
	WHERE site_id = {:site} AND visitor = {:visitor}
	AND started_at >= {:from} AND started_at < {:to} ORDER BY started_at LIMIT 1`

// applier turns one transaction's batches into raw event rows, session rows and rollup deltas.
type applier struct {
	w           *Writer
	tx          *txStmts
	rows        []eventRow // raw events, inserted many rows per statement at commit
	daily       map[[2]string]*dailyAgg
	pages       map[[3]string]*pageAgg
	dims        map[[4]string]*dimAgg
	touched     map[string]*sessState
	newVisitors map[visitorDayKey]bool
	exposures   map[[2]string]*pendingExposure // the earliest experiment exposure per (experiment, visitor)
	newSessions []*sessState                   // sessions this transaction inserted or started earlier
	outcomes    []outcome                      // conversions and purchases on sites with running experiments
	dropped     map[[2]string]float64          // exposures of unknown experiments or variants per (site, day)
	automated   map[[2]string]float64          // hits filtered as automated per (site, day)
	// revenueTouched are the writer's revenue counts this transaction changed (dropped if it fails).
	revenueTouched map[revenuecap.Key]bool
	late           map[string]time.Time // the oldest late event per site (funnel_late.go)
	lateCut        time.Time
	zones          map[string]*time.Location // each written site's zone: experiments' days are its days too
}

type dailyAgg struct {
	visitors, sessions, pageviews, bounces, durationMs, conversions, convertedSessions float64
	revenue, scrollSum, scrollCount, errors, clicks, outbound, micro                   float64
}

type pageAgg struct {
	visitors, entries, pageviews, bounces, durationMs, conversions, revenue, scrollSum, scrollCount, errors, clicks float64
}

type dimAgg struct{ sessions, visitors, conversions, revenue float64 }

func newApplier(w *Writer, tx *txStmts) *applier {
	return &applier{
		w: w, tx: tx,
		daily: map[[2]string]*dailyAgg{}, pages: map[[3]string]*pageAgg{}, dims: map[[4]string]*dimAgg{},
		touched: map[string]*sessState{}, newVisitors: map[visitorDayKey]bool{}, dropped: map[[2]string]float64{}, automated: map[[2]string]float64{},
		exposures: map[[2]string]*pendingExposure{}, revenueTouched: map[revenuecap.Key]bool{},
		late: map[string]time.Time{}, lateCut: time.Now().Add(-lateAfter), zones: map[string]*time.Location{},
	}
}

func (a *applier) day(site, day string) *dailyAgg {
	k := [2]string{site, day}
	if a.daily[k] == nil {
		a.daily[k] = &dailyAgg{}
	}
	return a.daily[k]
}

func (a *applier) page(site, day, path string) *pageAgg {
	k := [3]string{site, day, path}
	if a.pages[k] == nil {
		a.pages[k] = &pageAgg{}
	}
	return a.pages[k]
}

func (a *applier) dim(site, day, dim, value string) *dimAgg {
	k := [4]string{site, day, dim, value}
	if a.dims[k] == nil {
		a.dims[k] = &dimAgg{}
	}
	return a.dims[k]
}

// session finds the batch's session in memory, then in the database, or starts a new one.
func (a *applier) session(j *job, first *eventstore.Event) *sessState {
	b := j.batch
	key := j.site.ID + "|" + b.Session
	s := a.w.sessions[key]
	if s == nil {
		s = loadSession(a.tx, j.site.ID, b.Session, j.site.Zone)
	}
	if s == nil {
		s = &sessState{
			siteID: j.site.ID, key: b.Session, visitor: b.Visitor, isNew: true, started: first.At, lastSeen: first.At,
			zone: j.site.Zone, startDay: zones.LocalDay(first.At, j.site.Zone), referrer: first.Referrer,
			utmSource: first.UtmSource, utmMedium: first.UtmMedium, utmCampaign: first.UtmCamp,
			device: j.device, browser: j.browser, country: j.country, goals: map[string]bool{}, paths: map[string]bool{},
		}
		a.startSession(s)
	}
	s.touchedAt = time.Now()
	a.w.sessions[key] = s
	a.touched[key] = s
	return s
}

func (a *applier) startSession(s *sessState) {
	d := a.day(s.siteID, s.startDay)
	d.sessions++
	newVisitor, movedFrom := a.visitorOfDay(s)
	if newVisitor {
		d.visitors++
	}
	for _, dv := range movedFrom {
		a.dim(s.siteID, s.startDay, dv[0], dv[1]).visitors--
	}
	for _, dv := range s.dims() {
		x := a.dim(s.siteID, s.startDay, dv[0], dv[1])
		x.sessions++
		if newVisitor || movedFrom != nil {
			x.visitors++
		}
	}
}

// visitorOfDay says whether the session's visitor is new on its start day and, when the visitor's
// day already counted a session that started after this one (it was written first: late or
// replayed events), the dimensions that session counted the visitor under: a day's visitor is
// counted on its earliest session, as ClickHouse counts it. Memory knows the (visitor, day) pairs
// this writer counted or found; any other pair is asked of the sessions table, since sessions may
// arrive out of day order (late events, a restart) and knowing a visitor's later day says nothing
// about an earlier one.
func (a *applier) visitorOfDay(s *sessState) (newVisitor bool, movedFrom [][2]string) {
	vk := visitorDayKey{site: s.siteID, visitor: s.visitor, day: s.startDay}
	first, known := a.w.visitorDay[vk]
	if !known {
		var key, started string
		from, to := zones.DayBounds(s.startDay, s.zone)
		err := a.tx.row(visitorFirstSQL, map[string]any{"site": s.siteID, "visitor": s.visitor, "from": dbTime(from), "to": dbTime(to)}, &key, &started)
		if known = err == nil; known {
			at, _ := time.Parse("2006-01-02 15:04:05.000Z", started)
			first = visitorFirst{started: at.UnixMilli(), session: key}
		}
	}
	known = known && first.session != "" // a restart moved the day's only session off it (session_restart.go)
	a.newVisitors[vk] = true             // forgotten if the transaction fails: the table knows then
	earlier := known && s.started.UnixMilli() < first.started
	if !known || earlier {
		a.w.visitorDay[vk] = visitorFirst{started: s.started.UnixMilli(), session: s.key}
	}
	if !known {
		return true, nil
	}
	if !earlier {
		return false, nil
	}
	old := a.w.sessions[s.siteID+"|"+first.session]
	if old == nil {
		old = loadSession(a.tx, s.siteID, first.session, s.zone)
	}
	if old == nil {
		return false, nil
	}
	return false, old.dims()
}

// apply writes one batch: each event's raw row and its effect on session and rollups.
func (a *applier) apply(j *job) error {
	a.zones[j.site.ID] = j.site.Zone
	if j.conversion != nil {
		return a.applyServerConversion(j)
	}
	if !j.automated.IsZero() {
		a.automated[[2]string{j.site.ID, zones.LocalDay(j.automated, j.site.Zone)}]++
		return nil
	}
	// Dropped events start no session and move none (eventrow.Dropped): the session starts at
	// the first event kept, as ClickHouse's, whose rollups see only stored rows.
	evs := j.batch.Events
	var s *sessState
	for i := range evs {
		ev := &evs[i]
		if eventrow.Dropped(j.site, ev) {
			if ev.Type == "xp" {
				a.dropped[[2]string{j.site.ID, zones.LocalDay(ev.At, j.site.Zone)}]++
			}
			continue
		}
		if s == nil {
			s = a.session(j, ev)
		}
		if err := a.applyEvent(j, s, ev); err != nil {
			return err
		}
	}
	return nil
}

func (a *applier) applyEvent(j *job, s *sessState, ev *eventstore.Event) error {
	site := j.site
	day := zones.LocalDay(ev.At, site.Zone)
	a.noteLate(site.ID, ev.At)
	if ev.At.Before(s.started) { // the session's own earlier batch arrived after a later one
		if err := a.restart(s, ev); err != nil { // session_restart.go
			return err
		}
	}
	if ev.At.After(s.lastSeen) {
		s.lastSeen = ev.At
	}
	row := eventRow{site: site.ID, visitor: s.visitor, session: s.key, typ: collect.TypeNames[ev.Type], path: ev.Path,
		ts: eventTime(ev.At), client: j.client}
	switch ev.Type {
	case "pv":
		// The entry is the earliest page view (an earlier batch may arrive later); the entry and
		// bounce counts change only with the first two page views or a new entry.
		entry := s.pageviews == 0 || ev.At.Before(s.entryAt)
		recount := s.pageviews < 2 || entry
		if recount {
			a.entryCounts(s, -1)
		}
		s.pageviews++
		if entry {
			s.entry, s.entryAt = ev.Path, ev.At
		}
		if recount {
			a.entryCounts(s, 1)
		}
		a.day(site.ID, day).pageviews++
		p := a.page(site.ID, day, ev.Path)
		p.pageviews++
		if !s.paths[ev.Path] {
			s.paths[ev.Path] = true
			p.visitors++
		}
		if s.pageviews == 1 || !ev.At.Before(s.exitAt) { // the exit is the page viewed last, as ClickHouse's argMax by time
			s.exit, s.exitAt = ev.Path, ev.At
		}
		row.referrer = ev.Referrer
		if ev.UtmSource != "" || ev.UtmMedium != "" || ev.UtmCamp != "" {
			row.props = eventrow.JSON(map[string]any{"utm_source": ev.UtmSource, "utm_medium": ev.UtmMedium, "utm_campaign": ev.UtmCamp})
		}
	case "lv":
		// A page view's first leave carries its max scroll; later ones (tab shown again) only time.
		s.durationMs += ev.Duration
		d, p := a.day(site.ID, day), a.page(site.ID, day, ev.Path)
		d.durationMs += ev.Duration
		p.durationMs += ev.Duration
		row.value = ev.Duration // leave: value = time on page (ms), x = max scroll %
		if ev.Scroll != nil {
			sc := *ev.Scroll
			s.maxScroll = max(s.maxScroll, sc)
			d.scrollSum += sc
			d.scrollCount++
			p.scrollSum += sc
			p.scrollCount++
			row.x = sc
		}
		row.viewport = clickmap.ViewportClass(ev.Viewport, s.device)
	case "ck":
		a.day(site.ID, day).clicks++
		a.page(site.ID, day, ev.Path).clicks++
		row.selector, row.name, row.x, row.y = ev.Selector, ev.Text, ev.X, ev.Y
		row.ox, row.oy, row.viewport = ev.OffsetX, ev.OffsetY, clickmap.ViewportClass(ev.Viewport, s.device)
	case "ob":
		a.day(site.ID, day).outbound++
		row.url = ev.URL
	case "ev":
		row.name, row.value = ev.Name, ev.Value
		if len(ev.Props) > 0 {
			row.props = string(ev.Props)
		}
	case "fs":
		row.selector = ev.Selector
	case "er":
		s.errors++
		a.day(site.ID, day).errors++
		a.page(site.ID, day, ev.Path).errors++
		row.name, row.url = eventrow.Truncate(ev.Message, 100), ev.Source
		row.props = eventrow.JSON(map[string]any{"message": ev.Message, "source": ev.Source, "line": ev.Line})
	case "wv":
		row.name, row.value = ev.Name, ev.Value
	case "id":
		s.identity = ev.ID
		return nil // identity lives on the session only
	case "xp":
		// One row per visitor and experiment, the first exposure kept (unknown ones: apply).
		a.expose(site.ID, ev.ID, ev.Name, s.visitor, ev.At)
		return nil
	case "ex", "ae":
		// Telemetry of the site's enabled optimization rules for the health evaluation.
		row.rule = ev.ID
		if ev.Type == "ex" {
			row.value = ev.Value // time to apply the rule's changes, ms
			if ev.Name == "holdout" {
				// A personalization's held-out visitor (saw the original): the comparison group of
				// its measured effect, never an exposure to the rule's health or reach.
				row.typ = eventrow.HoldoutExposure
				row.value = 0.0
			}
		}
		if ev.Type == "ae" {
			row.name = eventrow.Truncate(ev.Message, 100)
		}
	}
	a.rows = append(a.rows, row)
	raw := len(a.rows) - 1 // goals append their conversions after it
	tested := len(site.Experiments) > 0
	purchase := -1.0 // the purchase's counted value once a goal has counted it (browser revenue is capped)
	for _, g := range site.Goals {
		if value, ok := goalmatch.Hit(g, ev); ok {
			counted, err := a.convert(j, s, g, value, ev, day)
			if err != nil {
				return err
			}
			if goalmatch.IsPurchase(ev) && purchase < 0 && !g.Micro {
				purchase = counted
			}
			if tested {
				a.outcomes = append(a.outcomes, outcome{site: site.ID, visitor: s.visitor, goal: g.ID, at: ev.At})
			}
		}
	}
	if tested && goalmatch.IsPurchase(ev) {
		if purchase < 0 {
			// No goal counted it: an experiment's revenue is held to the same cap as the site's.
			purchase = ev.Value
			if !j.verified {
				purchase = a.capRevenue(s, j.client, day, purchase)
			}
		}
		// The raw purchase keeps the value it counted (x, unused by custom events): a late
		// exposure's backfill reads it, so the experiment sees the capped amount (exposures.go).
		a.rows[raw].x = purchase
		a.outcomes = append(a.outcomes, outcome{site: site.ID, visitor: s.visitor, goal: eventrow.RevenueGoal, value: purchase, at: ev.At})
	}
	return nil
}

// convert records a goal conversion: once per session per goal, revenue for every occurrence
// (browser revenue up to its cap, revenue_cap.go); it returns the value counted.
func (a *applier) convert(j *job, s *sessState, g eventstore.Goal, value float64, ev *eventstore.Event, day string) (float64, error) {
	if g.Micro {
		a.completeMicro(j, s, g, ev, day)
		return 0, nil
	}
	props := map[string]any{"goal": g.ID, "verified": j.verified}
	if value > 0 && !j.verified {
		props["reported"] = value
		value = a.capRevenue(s, j.client, day, value)
	}
	d, p := a.day(s.siteID, day), a.page(s.siteID, day, ev.Path)
	if value > 0 {
		s.revenue += value
		d.revenue += value
		p.revenue += value
		for _, dv := range s.dims() {
			a.dim(s.siteID, day, dv[0], dv[1]).revenue += value
		}
	}
	if !s.goals[g.ID] {
		s.goals[g.ID] = true
		s.conversions++
		d.conversions++
		p.conversions++
		for _, dv := range s.dims() {
			a.dim(s.siteID, day, dv[0], dv[1]).conversions++
		}
		if !s.converted {
			s.converted = true
			d.convertedSessions++
		}
	}
	a.rows = append(a.rows, eventRow{site: s.siteID, visitor: s.visitor, session: s.key, typ: "conversion", name: eventrow.Truncate(g.Name, 100),
		path: ev.Path, props: eventrow.JSON(props), value: value,
		ts: eventTime(ev.At), goal: g.ID, client: j.client})
	return value, nil
}

// completeMicro records a micro goal's completion: once per session per goal in the micro
// conversion counts, never in the site's conversions or revenue (a micro goal's value is points);
// its raw row is a `micro_conversion`, so nothing that counts conversions counts it.
func (a *applier) completeMicro(j *job, s *sessState, g eventstore.Goal, ev *eventstore.Event, day string) {
	if !s.goals[g.ID] {
		s.goals[g.ID] = true
		s.micro++
		a.day(s.siteID, day).micro++
	}
	a.rows = append(a.rows, eventRow{site: s.siteID, visitor: s.visitor, session: s.key, typ: "micro_conversion", name: eventrow.Truncate(g.Name, 100),
		path: ev.Path, props: eventrow.JSON(map[string]any{"goal": g.ID, "micro": true, "verified": j.verified}),
		ts: eventTime(ev.At), goal: g.ID, client: j.client})
}
