package analytics

import (
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/eventrow"
)

// Summary is a range's totals with their derived rates: the same figures as the Analytics screen's
// summary, for the public API.
func Summary(store eventstore.Store, siteID string, days eventstore.DayRange) (eventstore.Totals, error) {
	return totals(store, siteID, days.From, days.To)
}

// DailyFigures returns the range's days with data, oldest first, revenue rounded as the screen shows it.
func DailyFigures(store eventstore.Store, siteID string, days eventstore.DayRange) ([]eventstore.DayFigures, error) {
	rows, err := store.Daily(siteID, days)
	for i := range rows {
		rows[i].Revenue = eventrow.Round2(rows[i].Revenue)
	}
	if rows == nil {
		rows = []eventstore.DayFigures{}
	}
	return rows, err
}
