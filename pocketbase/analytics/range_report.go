package analytics

import (
	"time"

	"cro/pocketbase/eventstore"
)

// RangeReport is the Analytics screen's report (buildReport) with its parts typed, for Go readers
// such as the scheduled reports and the export: the same figures as the screen, from rollups.
type RangeReport struct {
	From, To          string
	Summary, Previous eventstore.Totals
	Changes           map[string]float64
	Series            []eventstore.DayFigures
	Pages             []eventstore.PageFigures
	Sources           []eventstore.DimFigures
	Devices           []eventstore.DimFigures
	Browsers          []eventstore.DimFigures
	Countries         []eventstore.DimFigures
}

// ReportForDays is the report of the `days` site-local days ending with lastDay's day (lastDay on
// the site's clock), and the totals of the `days` days before for the changes.
func ReportForDays(store eventstore.Store, siteID string, days int, lastDay time.Time) (RangeReport, error) {
	m, err := buildReport(store, siteID, days, lastDay)
	if err != nil {
		return RangeReport{}, err
	}
	return RangeReport{
		From: m["from"].(string), To: m["to"].(string),
		Summary: m["summary"].(eventstore.Totals), Previous: m["previous"].(eventstore.Totals),
		Changes:   m["changes"].(map[string]float64),
		Series:    m["series"].([]eventstore.DayFigures),
		Pages:     m["pages"].([]eventstore.PageFigures),
		Sources:   m["sources"].([]eventstore.DimFigures),
		Devices:   m["devices"].([]eventstore.DimFigures),
		Browsers:  m["browsers"].([]eventstore.DimFigures),
		Countries: m["countries"].([]eventstore.DimFigures),
	}, nil
}
