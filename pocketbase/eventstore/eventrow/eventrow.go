// Package eventrow is what every event store writes and answers the same way: which exposures are
// kept, the event types and goal names that are not the tracker's, the length and encoding of a
// stored text, and the rounding and time format of an answer.
package eventrow

import (
	"encoding/json"
	"math"

	"cro/pocketbase/eventstore"
)

// HoldoutExposure is the events' type of a personalization's held-out visitor on a page where
// the rule would have applied (the tracker's `{t: 'ex', n: 'holdout'}`).
const HoldoutExposure = "holdout_exposure"

// RevenueGoal is the goal of the conversions row of a visitor's first purchase.
const RevenueGoal = "revenue"

// ISOMillis is how a session's start is answered: the same width every time (Go's RFC 3339
// drops trailing zeros of the fraction).
const ISOMillis = "2006-01-02T15:04:05.000Z"

// KnownExposure: an experiment exposure of a running experiment of the site and one of its variants.
func KnownExposure(s *eventstore.Site, ev *eventstore.Event) bool {
	x := s.Experiments[ev.ID]
	if x == nil {
		return false
	}
	for _, v := range x.Variants {
		if v.Key == ev.Name {
			return true
		}
	}
	return false
}

// Dropped: an event no store keeps, only counts (an unknown exposure) or ignores (telemetry of a
// rule the site does not have). A batch of nothing else is no visit: no session starts from it.
func Dropped(s *eventstore.Site, ev *eventstore.Event) bool {
	switch ev.Type {
	case "xp":
		return !KnownExposure(s, ev)
	case "ex", "ae":
		return !s.RuleIDs[ev.ID]
	}
	return false
}

// Truncate keeps the first n characters (runes) of a text.
func Truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}

// JSON is a value's JSON text ("null" when it cannot be encoded).
func JSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Round2 rounds a figure to 2 decimals, as every answer gives money, rates and seconds.
func Round2(v float64) float64 { return math.Round(v*100) / 100 }

// SessionDims lists the dimension values a session counts under in the breakdowns (source,
// device, browser, country, and the UTM values it has); source is collect.Source of its referrer.
func SessionDims(source, utmSource, utmMedium, utmCampaign, device, browser, country string) [][2]string {
	if country == "" {
		country = "Unknown"
	}
	out := [][2]string{{"source", source}, {"device", device}, {"browser", browser}, {"country", country}}
	if utmSource != "" {
		out = append(out, [2]string{"utm_source", utmSource})
	}
	if utmMedium != "" {
		out = append(out, [2]string{"utm_medium", utmMedium})
	}
	if utmCampaign != "" {
		out = append(out, [2]string{"utm_campaign", utmCampaign})
	}
	return out
}

// MsOfSQL is SQLite SQL for an ISO time column or parameter in events.ts's milliseconds since the
// epoch (the SQLite store's events keep integer ms, its other tables ISO text); the SQLite store
// and the copy from it to ClickHouse both use it.
func MsOfSQL(iso string) string {
	return "CAST(round((julianday(" + iso + ") - 2440587.5) * 86400000.0) AS INTEGER)"
}

// IsoOfSQL is SQLite SQL for an events.ts value as ISO text ("2006-01-02 15:04:05.000Z").
func IsoOfSQL(ms string) string {
	return "strftime('%Y-%m-%d %H:%M:%fZ', " + ms + " / 1000.0, 'unixepoch')"
}
