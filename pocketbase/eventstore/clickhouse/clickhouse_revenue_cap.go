package clickhouse

import (
	"strings"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
	"cro/pocketbase/eventstore/goalmatch"
	"cro/pocketbase/eventstore/revenuecap"
	"cro/pocketbase/eventstore/zones"
)

// chRevenueDaySQL is what the store holds of visitors' counted revenue on days: their conversions'
// values, read from visitor_events (ordered by visitor: the visitors' granules, where the events
// table, ordered by time, gave the site's whole day for each visitor).
const chRevenueDaySQL = `SELECT toString(day) AS d, visitor, sum(value) AS v FROM visitor_events
	WHERE site_id = {:site} AND visitor IN {:visitors} AND day IN {:days} AND type = 'conversion' GROUP BY d, visitor`

// capRevenue is revenue_cap.go's rule: per visitor and per source and day, counted in memory and,
// for a visitor-day this process has not counted yet (loadRevenueDays reads a write's at once),
// from what the store already holds of it. Called with s.mu held.
func (s *chStore) capRevenue(siteID, visitor, client, day string, value float64) float64 {
	vk := revenuecap.VisitorDay(siteID, day, visitor)
	ck := revenuecap.SourceDay(siteID, day, client)
	if _, ok := s.revenueDay[vk]; !ok {
		q, _ := Bind(chRevenueDaySQL, map[string]any{"site": siteID, "visitors": []string{visitor}, "days": []string{day}})
		rows, _ := s.db.Query(q)
		s.revenueDay[vk] = 0
		for _, r := range rows {
			s.revenueDay[vk] = r.Num("v")
		}
	}
	limit := s.revenueCap - s.revenueDay[vk]
	if client != "" {
		limit = min(limit, s.revenueCap*revenuecap.VisitorsPerSource-s.revenueDay[ck])
	}
	counted := max(0, min(value, limit))
	s.revenueDay[vk] += counted
	if client != "" {
		s.revenueDay[ck] += counted
	}
	return counted
}

// loadRevenueDays reads in one query per site the stored revenue of the visitor-days of in that
// capRevenue will ask for and memory does not hold: a bulk write (the seeder's 500 batches) sent
// one query per converting visitor before.
func (s *chStore) loadRevenueDays(in []eventstore.Ingest) error {
	type want struct{ visitors, days, pairs map[string]bool }
	wanted := map[string]*want{}
	s.mu.Lock()
	for _, x := range in {
		if x.Batch == nil || x.Verified || x.Site == nil {
			continue
		}
		for i := range x.Batch.Events {
			ev := &x.Batch.Events[i]
			day := zones.LocalDay(ev.At, x.Site.Zone)
			if !cappedRevenue(x.Site, ev) {
				continue
			}
			if _, ok := s.revenueDay[revenuecap.VisitorDay(x.Site.ID, day, x.Batch.Visitor)]; ok {
				continue
			}
			w := wanted[x.Site.ID]
			if w == nil {
				w = &want{visitors: map[string]bool{}, days: map[string]bool{}, pairs: map[string]bool{}}
				wanted[x.Site.ID] = w
			}
			w.visitors[x.Batch.Visitor], w.days[day], w.pairs[day+"\x00"+x.Batch.Visitor] = true, true, true
		}
	}
	s.mu.Unlock()
	for site, w := range wanted {
		visitors, days := sortedKeys(w.visitors), sortedKeys(w.days)
		q, err := Bind(chRevenueDaySQL, map[string]any{"site": site, "visitors": visitors, "days": days})
		if err != nil {
			return err
		}
		rows, err := s.db.Query(q)
		if err != nil {
			return err
		}
		held := map[revenuecap.Key]float64{}
		for _, r := range rows {
			held[revenuecap.VisitorDay(site, r.Str("d"), r.Str("visitor"))] = r.Num("v")
		}
		s.mu.Lock()
		for p := range w.pairs {
			d, v, _ := strings.Cut(p, "\x00")
			// A key counted meanwhile holds the store's sum and more: kept.
			if k := revenuecap.VisitorDay(site, d, v); !keyHeld(s.revenueDay, k) {
				s.revenueDay[k] = held[k]
			}
		}
		s.mu.Unlock()
	}
	return nil
}

func keyHeld(m map[revenuecap.Key]float64, k revenuecap.Key) bool { _, ok := m[k]; return ok }

// cappedRevenue tells whether prepare caps a value of ev (an unverified batch's): a goal's valued
// conversion, or a tested site's purchase.
func cappedRevenue(site *eventstore.Site, ev *eventstore.Event) bool {
	if eventrow.Dropped(site, ev) {
		return false
	}
	if len(site.Experiments) > 0 && goalmatch.IsPurchase(ev) {
		return true
	}
	for _, g := range site.Goals {
		if value, ok := goalmatch.Hit(g, ev); ok && !g.Micro && value > 0 {
			return true
		}
	}
	return false
}
