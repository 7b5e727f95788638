// Package goalmatch is goal matching, in one place: which events convert which goals (the
// ingest's conversions on every store, and through them experiment results and any later report
// that counts goals), and which events are purchases (revenue).
package goalmatch

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/urlpattern"
)

// Hit is the value a matching event converts a goal with, and whether it matches at all: a page
// view of the goal's URL pattern, a click on the goal's selector (the tracker reports the click
// goal's selector it matched), a form submit on a form goal's selector (likewise), or a custom event of the goal's name, whose own positive value
// replaces the goal's.
func Hit(g eventstore.Goal, ev *eventstore.Event) (value float64, ok bool) {
	switch {
	case ev.Type == "pv" && g.Type == "url":
		return g.Value, urlpattern.Matches(g.Match, ev.Path)
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

// IsPurchase: revenue is what cro('track', name, { value }) reports with a positive value; the
// raw custom event keeps it (events.type 'custom', value > 0).
func IsPurchase(ev *eventstore.Event) bool { return ev.Type == "ev" && ev.Value > 0 }
