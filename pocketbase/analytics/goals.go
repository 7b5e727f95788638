package analytics

// Goal matching, in one place: which events convert which goals (the ingest's conversions, and
// through them experiment results and any later report that counts goals), and which events are
// purchases (revenue).

// goalHit is the value a matching event converts a goal with, and whether it matches at all: a page
// view of the goal's URL pattern, a click on the goal's selector (the tracker reports the click
// goal's selector it matched), a form submit on a form goal's selector (likewise), or a custom event of the goal's name, whose own positive value
// replaces the goal's.
func goalHit(g goal, ev *Event) (value float64, ok bool) {
	switch {
	case ev.Type == "pv" && g.Type == "url":
		return g.Value, URLPatternMatches(g.Match, ev.Path)
	case ev.Type == "ck" && g.Type == "click", ev.Type == "fs" && g.Type == "form":
		return g.Value, ev.GoalMatch != "" && g.Match == ev.GoalMatch
	case ev.Type == "ev" && g.Type == "event":
		if ev.Value > 0 {
			return ev.Value, g.Match == ev.Name
		}
		return g.Value, g.Match == ev.Name
	}
	return 0, false
}

// isPurchase: revenue is what cro('track', name, { value }) reports with a positive value; the
// raw custom event keeps it (events.type 'custom', value > 0).
func isPurchase(ev *Event) bool { return ev.Type == "ev" && ev.Value > 0 }

// purchaseSQL is isPurchase over stored events (aliased e).
const purchaseSQL = `e.type = 'custom' AND e.value > 0`
