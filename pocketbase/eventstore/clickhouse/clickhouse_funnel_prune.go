package clickhouse

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/eventstore/funneldays"
)

// Pruning the stored funnel days and breakdown tallies (funnel_days, funnel_tallies), in the
// settle pass: a version (a key's rows under one basis) is read only while it is the key's latest
// marked basis after every late mark of the site, so the others (undone by a late event, or
// replaced by a later version) are never read again; nor are the rows of a funnel key no funnel
// of the site has any more (deleted, or its steps, window, order or zone changed) when the funnels
// package tells the store its funnels (eventstore.Definitions). Only rows older than
// chStrataPruneAge go (a version being written is young), a defined funnel's stale versions only
// once they outnumber its rows read (a delete rewrites parts), and each delete names at most
// chPruneBatch keys, found from the table's keys as pruneSettledRows does. A breakdown tally's
// range moves with the day (a default view's closed days end a day later each day), so the
// tallies of a range no view reads any more go too: every version written over chTallyIdle ago and
// not used by this process since (noteTallyRead), at most chPruneBatch ranges a pass; a range
// still read elsewhere is worked out once again.

// chFunnelStored is a stored table of funnel rows: a version's key beyond the funnel (group) and
// its mark row.
// idle: its groups not read for chTallyIdle go (tallies).
type chFunnelStored struct {
	table, group, mark string
	idle               bool
}

var chFunnelStores = []chFunnelStored{
	{"funnel_days", "concat(kind, '|', toString(d))", "visitor = ''", false},
	{"funnel_tallies", "concat(breakdown, '|', toString(closed_from), '|', toString(closed_to))", "value = ''", true},
}

// chTallyIdle is how long a stored tally's range goes unwritten and unread before it is pruned.
const chTallyIdle = 7 * 24 * time.Hour

// noteTallyRead notes that this process used the closed tally of a funnel key's breakdown over
// closed days from..to (labels) now.
func (s *chStore) noteTallyRead(site, funnel, breakdown, from, to string) {
	s.talliesRead.Store(site+"|"+funnel+"|"+breakdown+"|"+from+"|"+to, time.Now())
}

// tallyReadSince says this process used the tally of site and key (funnel|breakdown|from|to) after t.
func (s *chStore) tallyReadSince(site, key string, t time.Time) bool {
	v, ok := s.talliesRead.Load(site + "|" + key)
	return ok && v.(time.Time).After(t)
}

// forgetTallyReads forgets the site's reads before t (they no longer keep anything).
func (s *chStore) forgetTallyReads(site string, t time.Time) {
	s.talliesRead.Range(func(k, v any) bool {
		if strings.HasPrefix(k.(string), site+"|") && !v.(time.Time).After(t) {
			s.talliesRead.Delete(k)
		}
		return true
	})
}

// pruneFunnelStoresHourly prunes the site's tables at most once per chStrataPruneAge: finding
// stale versions reads every stored row's key, and nothing goes younger than that anyway.
func (s *chStore) pruneFunnelStoresHourly(siteID string) error {
	if last, ok := s.funnelsPruned.Load(siteID); ok && time.Since(last.(time.Time)) < chStrataPruneAge {
		return nil
	}
	if err := s.pruneFunnelStores(siteID); err != nil {
		return err
	}
	s.funnelsPruned.Store(siteID, time.Now())
	return nil
}

// pruneFunnelStores prunes both tables of the site.
func (s *chStore) pruneFunnelStores(siteID string) error {
	defined := s.definedFunnelKeys(siteID)
	for _, t := range chFunnelStores {
		if err := s.pruneFunnelStore(t, siteID, defined, chStrataPruneAge); err != nil {
			return err
		}
	}
	return nil
}

// definedFunnelKeys are the keys of the site's funnels, nil when unknown (no definitions given, or
// they could not be read): then only versions are pruned.
func (s *chStore) definedFunnelKeys(siteID string) map[string]bool {
	s.defsMu.Lock()
	funnels := s.funnelDefs
	s.defsMu.Unlock()
	if funnels == nil {
		return nil
	}
	qs, err := funnels(siteID)
	if err != nil {
		return nil
	}
	keys := map[string]bool{}
	for _, q := range qs {
		keys[funneldays.Key(q)] = true
	}
	return keys
}

func (s *chStore) pruneFunnelStore(t chFunnelStored, siteID string, defined map[string]bool, age time.Duration) error {
	db := s.background()
	idleBefore := time.Now().Add(-chTallyIdle)
	p := map[string]any{"site": siteID, "before": time.Now().Add(-age).Unix(), "idle": idleBefore.Unix()}
	rows, err := queryOn(db, `SELECT funnel, `+t.group+` AS g, basis, countIf(`+t.mark+`) > 0 AS marked, count() AS rows_n,
		max(written) < toDateTime({:before}) AS old, max(written) < toDateTime({:idle}) AS idle, `+chLateMarksAfter+` AS late
		FROM `+t.table+` WHERE site_id = {:site} GROUP BY funnel, g, basis`, p)
	if err != nil {
		return err
	}
	idle := s.idleGroups(t, siteID, rows, defined, idleBefore)
	latest := map[string]float64{} // per funnel and group: the basis read
	for _, r := range rows {
		if k := r.Str("funnel") + "|" + r.Str("g"); r.Int("marked") == 1 && r.Num("basis") > r.Num("late") {
			latest[k] = max(latest[k], r.Num("basis"))
		}
	}
	type tally struct{ stale, kept float64 }
	perFunnel := map[string]*tally{}
	gone := map[string]bool{} // undefined funnels, false once a row of theirs is young
	staleVersions := map[string][]string{}
	for _, r := range rows {
		f, old := r.Str("funnel"), r.Int("old") == 1
		if defined != nil && !defined[f] {
			if _, seen := gone[f]; !seen {
				gone[f] = true
			}
			gone[f] = gone[f] && old // a young row: a funnel saved since its definitions were read
			continue
		}
		if idle[f+"|"+r.Str("g")] {
			continue // all its versions go below
		}
		if perFunnel[f] == nil {
			perFunnel[f] = &tally{}
		}
		if old && r.Num("basis") != latest[f+"|"+r.Str("g")] {
			perFunnel[f].stale += r.Num("rows_n")
			staleVersions[f] = append(staleVersions[f], f+"|"+r.Str("g")+"|"+strconv.FormatUint(uint64(r.Num("basis")), 10))
		} else {
			perFunnel[f].kept += r.Num("rows_n")
		}
	}
	var funnels, versions []string
	for f, ok := range gone {
		if ok {
			funnels = append(funnels, f)
		}
	}
	for f, v := range staleVersions {
		if n := perFunnel[f]; n.stale >= n.kept {
			versions = append(versions, v...)
		}
	}
	sort.Strings(funnels)
	sort.Strings(versions)
	idleKeys := make([]string, 0, len(idle))
	for k := range idle {
		idleKeys = append(idleKeys, k)
	}
	sort.Strings(idleKeys)
	for _, part := range []struct {
		cond string
		keys []string
	}{{"funnel", funnels}, {"concat(funnel, '|', " + t.group + ", '|', toString(basis))", versions},
		{"concat(funnel, '|', " + t.group + ")", idleKeys}} {
		for i := 0; i < len(part.keys); i += chPruneBatch {
			p["keys"] = part.keys[i:min(i+chPruneBatch, len(part.keys))]
			q, err := Bind("site_id = {:site} AND written < toDateTime({:before}) AND "+part.cond+" IN {:keys}", p)
			if err == nil {
				err = db.Delete(t.table, q) // one at a time; on a cluster, each shard's local table
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// idleGroups are, for a table that prunes them (t.idle), at most chPruneBatch of the defined
// funnels' groups (funnel|group) whose every version was written before idleBefore and that this
// process has not used since.
func (s *chStore) idleGroups(t chFunnelStored, siteID string, rows []Row, defined map[string]bool, idleBefore time.Time) map[string]bool {
	out := map[string]bool{}
	if !t.idle {
		return out
	}
	s.forgetTallyReads(siteID, idleBefore)
	for _, r := range rows {
		if defined != nil && !defined[r.Str("funnel")] {
			continue // a deleted funnel's rows all go
		}
		k := r.Str("funnel") + "|" + r.Str("g")
		was, seen := out[k]
		out[k] = (was || !seen) && r.Int("idle") == 1 && !s.tallyReadSince(siteID, k, idleBefore)
	}
	var keys []string
	for k, ok := range out {
		if ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out = map[string]bool{}
	for _, k := range keys[:min(len(keys), chPruneBatch)] {
		out[k] = true
	}
	return out
}
