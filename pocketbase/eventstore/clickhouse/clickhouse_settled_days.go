package clickhouse

// settledDay is one experiment goal's figures of a day, kept while its basis (the exposures and
// outcomes it was computed from) holds; version orders recomputations of the same basis.
type settledDay[R any] struct {
	basis, version string
	rows           []R
}

// adoptSettledDays reads settled day rows (one row per figure, a row with parse's ok false as the
// day's mark of "computed, no figures") into out for the goals from their first missing day, the
// latest version of each day whose basis still holds; keeps each day in memory (memo, called with
// outcomeMu held) and moves each goal's missing day to the first one still without figures
// (deleted when none). The outcome days and CUPED's day sums share this reading.
func adoptSettledDays[R any](s *chStore, rows []Row, dayCol string, key func(goal, day string) string,
	parse func(Row) (R, bool), memo func(key string, day settledDay[R]),
	bases map[string]map[string]string, missing map[string]string, out map[string]map[string][]R) {
	found := map[string]*settledDay[R]{}
	for _, r := range rows {
		g, d := r.Str("goal"), r.Str(dayCol)
		if bases[g][d] != r.Str("basis") || d < missing[g] {
			continue
		}
		k := key(g, d)
		f := found[k]
		if f == nil || r.Str("version") > f.version {
			f = &settledDay[R]{basis: r.Str("basis"), version: r.Str("version"), rows: []R{}}
			found[k] = f
		} else if r.Str("version") < f.version {
			continue
		}
		if row, ok := parse(r); ok {
			f.rows = append(f.rows, row)
		}
	}
	s.outcomeMu.Lock()
	defer s.outcomeMu.Unlock()
	for g, first := range missing {
		next := ""
		for d := range bases[g] {
			if d < first {
				continue
			}
			k := key(g, d)
			if f := found[k]; f != nil {
				out[g][d] = f.rows
				memo(k, *f)
			} else if next == "" || d < next {
				next = d
			}
		}
		if next == "" {
			delete(missing, g)
		} else {
			missing[g] = next
		}
	}
}

// missingGoals are the goals of missing (goal -> its first day without figures) and the earliest
// of those days: what a read of the settled days asks for.
func missingGoals(missing map[string]string) (goals []string, from string) {
	for g, d := range missing {
		goals = append(goals, g)
		if from == "" || d < from {
			from = d
		}
	}
	return goals, from
}

// keepSettledDay keeps a day in memo (outcomeMu held); past chOutcomeMemoMax days the memo starts again.
func keepSettledDay[R any](memo *map[string]settledDay[R], key string, day settledDay[R]) {
	if *memo == nil || len(*memo) >= chOutcomeMemoMax {
		*memo = map[string]settledDay[R]{}
	}
	(*memo)[key] = day
}
