package clickhouse

import (
	"math"
	"slices"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/funneldays"
	"cro/pocketbase/eventstore/funnelpath"
)

// A funnel's breakdown, incrementally: the closed part's entrants (funneldays.Parts) are the same
// on every query until a late event drops the site's days, so their tally by value is worked out
// once per breakdown and kept in the day cache; a request looks up the values of the open part's
// visitors only and adjusts the kept tally for them (funneldays.AdjustedRows). At 5M events a
// breakdown looked up every entrant's entry session values on every request.

// breakdownRows are the breakdown rows of q's parts (with their kept figures' changes,
// funneldays.KeptFigures), read when the site's days were at gen.
func (s *chStore) breakdownRows(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, kept funneldays.Kept, gen uint64) ([]eventstore.FunnelBreakdownFigures, error) {
	dim := slices.Index(funnelpath.Breakdowns, q.Breakdown)
	tallies, err := s.closedTallies(db, q, parts, []int{dim}, gen)
	if err != nil {
		return nil, err
	}
	base, err := s.baseTally(db, q, parts, kept, dim, tallies[0], gen)
	if err != nil {
		return nil, err
	}
	changes := kept.Changes
	need := make([]funnelpath.Path, 0, len(changes)) // the changed attempts and the ones they replace
	for _, c := range changes {
		if c.Was != nil {
			need = append(need, *c.Was)
		}
		need = append(need, c.Now)
	}
	dims, err := s.entryDims(db, q.SiteID, need)
	if err != nil {
		return nil, err
	}
	return funneldays.AdjustedRows(base, changes, func(fp funnelpath.Path) string { return funnelpath.DimOrUnknown(dims(fp), dim) }, len(q.Steps)), nil
}

// baseTally is the breakdown's closed tally adjusted for the open days' kept prefix
// (funneldays.BaseTally), kept once every value it took is kept (closed, or final).
func (s *chStore) baseTally(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, kept funneldays.Kept, dim int, closed funnelpath.ValueTally, gen uint64) (funnelpath.ValueTally, error) {
	return funneldays.BaseTally(s.dayCache, q, parts, kept, funnelpath.Breakdowns[dim], closed, gen,
		func(paths []funnelpath.Path) (func(funnelpath.Path) string, bool, error) {
			dims, err := s.entryDims(db, q.SiteID, paths)
			if err != nil {
				return nil, false, err
			}
			isKept, keep := s.keptEntryDimsBefore(q.SiteID, math.MaxInt64), true
			for _, fp := range paths {
				if _, keep = isKept(fp); !keep {
					break
				}
			}
			return func(fp funnelpath.Path) string { return funnelpath.DimOrUnknown(dims(fp), dim) }, keep, nil
		})
}

// closedTallies are the closed part's tallies by the values of the breakdowns dims (from memory,
// else funnel_tallies, else worked out), each worked out kept and stored when every value came
// from the kept entry sessions (final, whole inserts) and no drop happened since gen. One
// computation of a closed part's tallies at a time (clickhouse_funnel_flights.go): a caller that
// waited on another's takes the tallies it holds and works out only those it lacked.
func (s *chStore) closedTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, dims []int, gen uint64) ([]funnelpath.ValueTally, error) {
	out := make([]funnelpath.ValueTally, len(dims))
	have := make([]bool, len(dims))
	key := funneldays.Key(q)
	for _, dim := range dims { // kept from pruning while read (clickhouse_funnel_prune.go)
		s.noteTallyRead(q.SiteID, key, funnelpath.Breakdowns[dim], funneldays.Label(parts.ClosedFrom), funneldays.Label(parts.ClosedTo))
	}
	flight := "tallies " + q.SiteID + " " + key + " " + funneldays.ClosedTallyKey(q, parts, "").Day
	for {
		var todo []string
		for i, dim := range dims {
			if have[i] {
				continue
			}
			if v, ok := s.dayCache.Get(funneldays.ClosedTallyKey(q, parts, funnelpath.Breakdowns[dim])); ok {
				out[i], have[i] = v.(funnelpath.ValueTally), true
			} else {
				todo = append(todo, funnelpath.Breakdowns[dim])
			}
		}
		if len(todo) == 0 {
			return out, nil
		}
		v, shared, err := s.flights.do(flight, db != s.db, func() (any, error) {
			return s.computeClosedTallies(db, q, parts, todo, gen)
		})
		if err != nil {
			return nil, err
		}
		got := v.(map[string]funnelpath.ValueTally) // read-only when shared (AdjustedRows clones)
		for i, dim := range dims {
			if t, ok := got[funnelpath.Breakdowns[dim]]; ok && !have[i] {
				out[i], have[i] = t, true
			}
		}
		if !shared {
			return out, nil
		}
	}
}

// computeClosedTallies are the closed part's tallies of the breakdowns named, by name: stored
// ones from funnel_tallies, the others worked out from the closed entrants' entry-session values.
func (s *chStore) computeClosedTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, todo []string, gen uint64) (map[string]funnelpath.ValueTally, error) {
	out := map[string]funnelpath.ValueTally{}
	basis := s.lateBasis(q.SiteID) // the closed part and the values below were read after this look
	if len(parts.Closed) > 0 {
		stored, err := s.storedTallies(db, q, parts, todo)
		if err != nil {
			return nil, err
		}
		var left []string
		for _, b := range todo {
			if t, ok := stored[b]; ok {
				out[b] = t
				s.dayCache.Put(funneldays.ClosedTallyKey(q, parts, b), t, len(t), gen)
			} else {
				left = append(left, b)
			}
		}
		if todo = left; len(todo) == 0 {
			return out, nil
		}
	}
	list := make([]funnelpath.Path, 0, len(parts.Closed))
	for _, fp := range parts.Closed {
		list = append(list, fp)
	}
	values, err := s.entryDims(db, q.SiteID, list)
	if err != nil {
		return nil, err
	}
	dims := make([]int, len(todo))
	for j, b := range todo {
		dims[j] = slices.Index(funnelpath.Breakdowns, b)
		out[b] = funnelpath.ValueTally{}
	}
	kept := s.keptEntryDims(q.SiteID)
	keep := true
	for _, fp := range list {
		if keep {
			_, keep = kept(fp)
		}
		v := values(fp)
		for j, b := range todo {
			out[b].Add(funnelpath.DimOrUnknown(v, dims[j]), fp, len(q.Steps), 1)
		}
	}
	if keep {
		done := map[string]funnelpath.ValueTally{}
		for _, b := range todo {
			s.dayCache.Put(funneldays.ClosedTallyKey(q, parts, b), out[b], len(out[b]), gen)
			done[b] = out[b]
		}
		if len(parts.Closed) > 0 {
			if err := s.storeTallies(db, q, parts, basis, done); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// warmBreakdowns works out, in the background, the closed part's tallies (and their bases) of every
// breakdown not kept yet, and reads ahead the values of the open part's entry sessions that may be kept, so that the breakdown
// a funnel's reader asks for next reads only the open days'. One at a time per site; its errors
// are left to the breakdown's own read.
func (s *chStore) warmBreakdowns(q eventstore.FunnelQuery, parts funneldays.Parts, kept funneldays.Kept, gen uint64) {
	missing := false
	for _, b := range funnelpath.Breakdowns {
		if _, ok := s.dayCache.Get(funneldays.ClosedTallyKey(q, parts, b)); !ok || !funneldays.HasBaseTally(s.dayCache, q, parts, kept, b) {
			missing = true
		}
	}
	if !missing {
		return
	}
	if _, busy := s.warming.LoadOrStore(q.SiteID, true); busy {
		return
	}
	go func() {
		defer s.warming.Delete(q.SiteID)
		_ = s.warmTallies(s.warmFunnelDB(), q, parts, kept, gen)
	}()
}

// warmTallies works out the closed part's tally of every breakdown and its base (adjusted for the
// open days' kept prefix), and reads the values of the open part's entry sessions that entryDims
// may keep (of closed days, or final: chEntryFinal).
func (s *chStore) warmTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, kept funneldays.Kept, gen uint64) error {
	all := make([]int, len(funnelpath.Breakdowns))
	for dim := range all {
		all[dim] = dim
	}
	tallies, err := s.closedTallies(db, q, parts, all, gen)
	if err != nil {
		return err
	}
	for dim := range all {
		if _, err := s.baseTally(db, q, parts, kept, dim, tallies[dim], gen); err != nil {
			return err
		}
	}
	finalBefore := time.Now().Add(-chEntryFinal)
	var final []funnelpath.Path
	for _, fp := range parts.Open {
		if fp.Times[0].Before(finalBefore) {
			final = append(final, fp)
		}
	}
	_, err = s.entryDims(db, q.SiteID, final)
	return err
}
