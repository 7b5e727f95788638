package analytics

import "cro/pocketbase/eventstore/eventrow"

// Summary is a range's totals with their derived rates: the same figures as the Analytics screen's
// summary, for the public API.
func Summary(store Store, siteID string, days DayRange) (Totals, error) {
	return totals(store, siteID, days.From, days.To)
}

// DailyFigures returns the range's days with data, oldest first, revenue rounded as the screen shows it.
func DailyFigures(store Store, siteID string, days DayRange) ([]DayFigures, error) {
	rows, err := store.Daily(siteID, days)
	for i := range rows {
		rows[i].Revenue = eventrow.Round2(rows[i].Revenue)
	}
	if rows == nil {
		rows = []DayFigures{}
	}
	return rows, err
}
