package goalmatch

import (
	"testing"

	"cro/pocketbase/eventstore"
)

func TestHit(t *testing.T) {
	url := eventstore.Goal{Type: "url", Match: "/thanks*", Value: 5}
	click := eventstore.Goal{Type: "click", Match: "button.buy", Value: 2}
	form := eventstore.Goal{Type: "form", Match: "form#signup"}
	event := eventstore.Goal{Type: "event", Match: "purchase", Value: 9}
	cases := []struct {
		name  string
		g     eventstore.Goal
		ev    eventstore.Event
		value float64
		ok    bool
	}{
		{"page view of the pattern", url, eventstore.Event{Type: "pv", Path: "/thanks/order"}, 5, true},
		{"another page", url, eventstore.Event{Type: "pv", Path: "/cart"}, 5, false},
		{"the goal's click", click, eventstore.Event{Type: "ck", GoalMatch: "button.buy"}, 2, true},
		{"a click the tracker matched to no goal", click, eventstore.Event{Type: "ck"}, 2, false},
		{"a click is not a form submit", form, eventstore.Event{Type: "ck", GoalMatch: "form#signup"}, 0, false},
		{"the form's submit", form, eventstore.Event{Type: "fs", GoalMatch: "form#signup"}, 0, true},
		{"an event's own value replaces the goal's", event, eventstore.Event{Type: "ev", Name: "purchase", Value: 30}, 30, true},
		{"an event without a value keeps the goal's", event, eventstore.Event{Type: "ev", Name: "purchase"}, 9, true},
		{"another event", event, eventstore.Event{Type: "ev", Name: "signup"}, 9, false},
	}
	for _, c := range cases {
		value, ok := Hit(c.g, &c.ev)
		if ok != c.ok || (ok && value != c.value) {
			t.Errorf("%s: got %v %v, want %v %v", c.name, value, ok, c.value, c.ok)
		}
	}
}

func TestIsPurchase(t *testing.T) {
	if !IsPurchase(&eventstore.Event{Type: "ev", Value: 1}) || IsPurchase(&eventstore.Event{Type: "ev"}) ||
		IsPurchase(&eventstore.Event{Type: "pv", Value: 1}) {
		t.Fatal("a purchase is a custom event with a positive value, and only that")
	}
}
