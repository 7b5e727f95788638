package clickhouse

import (
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

// breakdownRows are the breakdown rows of q's parts (with their changes, Parts.Changes), read when
// the site's days were at gen.
func (s *chStore) breakdownRows(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, changes []funneldays.Change, gen uint64) ([]eventstore.FunnelBreakdownFigures, error) {
	dim := slices.Index(funnelpath.Breakdowns, q.Breakdown)
	tallies, err := s.closedTallies(db, q, parts, []int{dim}, gen)
	if err != nil {
		return nil, err
	}
	need := make([]funnelpath.Path, 0, len(changes)) // the changed attempts and the closed ones they replace
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
	return funneldays.AdjustedRows(tallies[0], changes, func(fp funnelpath.Path) string { return funnelpath.DimOrUnknown(dims(fp), dim) }, len(q.Steps)), nil
}

// closedTallies are the closed part's tallies by the values of the breakdowns dims (from memory,
// else funnel_tallies, else worked out), each worked out kept and stored when every value came
// from the kept entry sessions (final, whole inserts) and no drop happened since gen.
func (s *chStore) closedTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, dims []int, gen uint64) ([]funnelpath.ValueTally, error) {
	out := make([]funnelpath.ValueTally, len(dims))
	var todo []int
	for i, dim := range dims {
		if v, ok := s.dayCache.Get(funneldays.ClosedTallyKey(q, parts, funnelpath.Breakdowns[dim])); ok {
			out[i] = v.(funnelpath.ValueTally)
		} else {
			out[i] = funnelpath.ValueTally{}
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		return out, nil
	}
	basis := s.lateBasis(q.SiteID) // the closed part and the values below were read after this look
	if len(parts.Closed) > 0 {
		names := make([]string, len(todo))
		for j, i := range todo {
			names[j] = funnelpath.Breakdowns[dims[i]]
		}
		stored, err := s.storedTallies(db, q, parts, names)
		if err != nil {
			return nil, err
		}
		var left []int
		for _, i := range todo {
			if t, ok := stored[funnelpath.Breakdowns[dims[i]]]; ok {
				out[i] = t
				s.dayCache.Put(funneldays.ClosedTallyKey(q, parts, funnelpath.Breakdowns[dims[i]]), t, len(t), gen)
			} else {
				left = append(left, i)
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
	kept := s.keptEntryDims(q.SiteID)
	keep := true
	for _, fp := range list {
		if keep {
			_, keep = kept(fp)
		}
		v := values(fp)
		for _, i := range todo {
			out[i].Add(funnelpath.DimOrUnknown(v, dims[i]), fp, len(q.Steps), 1)
		}
	}
	if keep {
		done := map[string]funnelpath.ValueTally{}
		for _, i := range todo {
			s.dayCache.Put(funneldays.ClosedTallyKey(q, parts, funnelpath.Breakdowns[dims[i]]), out[i], len(out[i]), gen)
			done[funnelpath.Breakdowns[dims[i]]] = out[i]
		}
		if len(parts.Closed) > 0 {
			if err := s.storeTallies(db, q, parts, basis, done); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// warmBreakdowns works out, in the background, the closed part's tallies of every breakdown not
// kept yet, and reads ahead the values of the open part's entry sessions that may be kept, so that the breakdown
// a funnel's reader asks for next reads only the open days'. One at a time per site; its errors
// are left to the breakdown's own read.
func (s *chStore) warmBreakdowns(q eventstore.FunnelQuery, parts funneldays.Parts, gen uint64) {
	missing := false
	for _, b := range funnelpath.Breakdowns {
		if _, ok := s.dayCache.Get(funneldays.ClosedTallyKey(q, parts, b)); !ok {
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
		_ = s.warmTallies(s.background(), q, parts, gen)
	}()
}

// warmTallies works out the closed part's tally of every breakdown, and reads the values of the
// open part's entry sessions that entryDims may keep (of closed days, or final: chEntryFinal).
func (s *chStore) warmTallies(db *Client, q eventstore.FunnelQuery, parts funneldays.Parts, gen uint64) error {
	all := make([]int, len(funnelpath.Breakdowns))
	for dim := range all {
		all[dim] = dim
	}
	if _, err := s.closedTallies(db, q, parts, all, gen); err != nil {
		return err
	}
	finalBefore := time.Now().Add(-chEntryFinal)
	var final []funnelpath.Path
	for _, fp := range parts.Open {
		if fp.Times[0].Before(finalBefore) {
			final = append(final, fp)
		}
	}
	_, err := s.entryDims(db, q.SiteID, final)
	return err
}
