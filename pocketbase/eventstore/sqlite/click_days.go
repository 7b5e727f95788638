package sqlite

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickmap"
	"cro/pocketbase/eventstore/funneldays"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Click days: a page's clicks of one device class on one closed UTC day (bins, rage bursts and
// dead clicks), stored once in click_days (click_days_codec.go) on the first click map that needs
// them and read back, so a click map reads raw clicks only for its partial first day and the
// days still open. A day is closed when its last click's dead-click window is over and lateAfter
// more has passed (events that old arrive only late); the writer notes the oldest late event per
// site in click_late, and the next click map of that site drops the days it may change. UTC days,
// not the site's: the range is a span of hours (the last N x 24 h), not of the site's calendar
// days, so any split works, and UTC's does not move when the site's zone changes.
//
// A rage burst may cross midnight: each day counts its own bursts as if it were the whole range,
// and rageAcrossMidnight corrects each midnight inside the range from the clicks around it.

// rageReach bounds how far from midnight a click's rage flag can differ between the day alone and
// the whole range: a burst's click looks back two clicks within RageWindow, and its predecessor's
// flag two more (3 windows, with room to spare).
const rageReach = 3 * clickmap.RageWindow

// clickClosedBefore is the start of the first UTC day that is not closed at now.
func clickClosedBefore(now time.Time) time.Time {
	return funneldays.FloorDay(now.Add(-lateAfter-clickmap.DeadWindow-time.Minute), time.UTC)
}

// clickDay is a span's clicks of one UTC day: cells sorted by selector, bin x, bin y.
type clickDay struct {
	Cells      []clickmap.Cell
	Rage, Dead map[string]int
}

type cellKey struct {
	selector string
	bx, by   int
}

// rageAcrossMidnight is what the bursts of the whole range differ by from the sum of the days'
// own bursts at one midnight inside it: the bursts starting after midnight with the clicks before
// it in sight, less those without.
func (s *sqliteStore) rageAcrossMidnight(q eventstore.HeatmapQuery, midnight time.Time) (map[string]int, error) {
	w := q
	if from := midnight.Add(-rageReach); from.After(w.From) {
		w.From = from
	}
	if to := midnight.Add(rageReach); to.Before(w.To) {
		w.To = to
	}
	clicks, err := s.clickRowsOf(w)
	if err != nil {
		return nil, err
	}
	at := float64(eventTime(midnight))
	var after []clickmap.Click
	for _, c := range clicks {
		if c.MS >= at {
			after = append(after, c)
		}
	}
	out := clickmap.RageBursts(clicks, at)
	for sel, n := range clickmap.RageBursts(after, at) {
		out[sel] -= n
	}
	return out, nil
}

// clickTally adds up days.
type clickTally struct {
	cells      map[cellKey]*clickmap.Cell
	rage, dead map[string]int
}

func newClickTally() *clickTally {
	return &clickTally{cells: map[cellKey]*clickmap.Cell{}, rage: map[string]int{}, dead: map[string]int{}}
}

func (t *clickTally) add(d *clickDay) {
	for _, c := range d.Cells {
		k := cellKey{c.Selector, c.BX, c.BY}
		if have := t.cells[k]; have != nil {
			have.Clicks += c.Clicks
			have.Text = max(have.Text, c.Text)
		} else {
			cell := c
			t.cells[k] = &cell
		}
	}
	for sel, n := range d.Rage {
		t.rage[sel] += n
	}
	for sel, n := range d.Dead {
		t.dead[sel] += n
	}
}

func (t *clickTally) figures() eventstore.ClickMapFigures {
	cells := make([]clickmap.Cell, 0, len(t.cells))
	for _, c := range t.cells {
		cells = append(cells, *c)
	}
	clickmap.SortCells(cells)
	return clickmap.Figures(cells, t.rage, t.dead)
}

// ClickMap adds up the range's closed days (stored) and its partial first day and open days (raw),
// then corrects the rage bursts at each midnight inside the range.
func (s *sqliteStore) ClickMap(q eventstore.HeatmapQuery) (eventstore.ClickMapFigures, error) {
	t := newClickTally()
	first := funneldays.CeilDay(q.From, time.UTC)
	end := funneldays.MinTime(funneldays.FloorDay(q.To, time.UTC), clickClosedBefore(s.clock()))
	spans := []eventstore.HeatmapQuery{q}
	if first.Before(end) {
		closed, err := s.closedClickDays(q, first, end)
		if err != nil {
			return eventstore.ClickMapFigures{}, err
		}
		for _, d := range closed {
			t.add(d)
		}
		spans = spans[:0]
		if q.From.Before(first) {
			head := q
			head.To = first
			spans = append(spans, head)
		}
		if end.Before(q.To) {
			tail := q
			tail.From = end
			spans = append(spans, tail)
		}
	}
	for _, span := range spans {
		days, err := s.rawClickDays(span)
		if err != nil {
			return eventstore.ClickMapFigures{}, err
		}
		for _, d := range days {
			t.add(d)
		}
	}
	for midnight := first; midnight.Before(q.To); midnight = funneldays.NextDay(midnight) {
		if !midnight.After(q.From) {
			continue
		}
		fix, err := s.rageAcrossMidnight(q, midnight)
		if err != nil {
			return eventstore.ClickMapFigures{}, err
		}
		for sel, n := range fix {
			t.rage[sel] += n
		}
	}
	return t.figures(), nil
}

// clickSiteLocks serializes one site's click days work: dropping what a late event or retention
// undid and storing new days must not interleave, or a day computed before the drop could be
// stored after it.
var clickSiteLocks sync.Map

func lockClickSite(site string) func() {
	m, _ := clickSiteLocks.LoadOrStore(site, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// closedClickDays are q's page's days in [from, to) (UTC day starts, all closed), computing and
// storing the days not stored yet (a day without clicks too).
func (s *sqliteStore) closedClickDays(q eventstore.HeatmapQuery, from, to time.Time) ([]*clickDay, error) {
	unlock := lockClickSite(q.SiteID)
	defer unlock()
	if err := s.dropLateClickDays(q.SiteID); err != nil {
		return nil, err
	}
	stored := map[string]*clickDay{}
	rows, err := s.app.DB().NewQuery(`SELECT day, cells FROM click_days WHERE site_id = {:site} AND path = {:path}
		AND viewport = {:device} AND day >= {:from} AND day < {:to}`).
		Bind(dbx.Params{"site": q.SiteID, "path": q.Path, "device": q.Device, "from": funneldays.Label(from), "to": funneldays.Label(to)}).Rows()
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var day string
		var blob []byte
		if err := rows.Scan(&day, &blob); err != nil {
			rows.Close()
			return nil, err
		}
		d, err := decodeClickDay(blob)
		if err != nil {
			rows.Close()
			return nil, err
		}
		stored[day] = d
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	// Missing days are computed a run of consecutive days at a time: one raw read per run.
	for d := from; d.Before(to); {
		if stored[funneldays.Label(d)] != nil {
			d = funneldays.NextDay(d)
			continue
		}
		end := funneldays.NextDay(d)
		for end.Before(to) && stored[funneldays.Label(end)] == nil {
			end = funneldays.NextDay(end)
		}
		if err := s.computeClickDays(q, d, end, stored); err != nil {
			return nil, err
		}
		d = end
	}
	out := make([]*clickDay, 0, len(stored))
	for _, d := range stored {
		out = append(out, d)
	}
	return out, nil
}

// computeClickDays works out the days of [from, to) from raw clicks, stores them and adds them to days.
func (s *sqliteStore) computeClickDays(q eventstore.HeatmapQuery, from, to time.Time, days map[string]*clickDay) error {
	span := q
	span.From, span.To = from, to
	computed, err := s.rawClickDays(span)
	if err != nil {
		return err
	}
	return s.app.RunInTransaction(func(tx core.App) error {
		for d := from; d.Before(to); d = funneldays.NextDay(d) {
			label := funneldays.Label(d)
			day := computed[label]
			if day == nil {
				day = &clickDay{Rage: map[string]int{}, Dead: map[string]int{}}
			}
			days[label] = day
			if _, err := tx.DB().NewQuery(`INSERT OR REPLACE INTO click_days (site_id, path, viewport, day, cells)
				VALUES ({:site}, {:path}, {:device}, {:day}, {:cells})`).Bind(dbx.Params{"site": q.SiteID, "path": q.Path,
				"device": q.Device, "day": label, "cells": encodeClickDay(day)}).Execute(); err != nil {
				return err
			}
		}
		return nil
	})
}

// dropLateClickDays undoes the stored days a late event of the site may have changed: its own
// day and, since a late page view settles the dead clicks of the second before it, the day before.
func (s *sqliteStore) dropLateClickDays(site string) error {
	return s.dropLateDays(site, "click_late", "click_days", 24*time.Hour, nil)
}

// pruneClickDays drops the days retention reached: the cutoff's own day too, whose early clicks
// are gone (a click map computes it again from what is left).
func (s *sqliteStore) pruneClickDays(site, cutoff string) error {
	unlock := lockClickSite(site)
	defer unlock()
	_, err := s.app.NonconcurrentDB().NewQuery(`DELETE FROM click_days WHERE site_id = {:site} AND day <= substr({:cutoff}, 1, 10)`).
		Bind(dbx.Params{"site": site, "cutoff": cutoff}).Execute()
	return err
}
