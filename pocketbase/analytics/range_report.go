package analytics

import "time"

// RangeReport is the Analytics screen's report (buildReport) with its parts typed, for Go readers
// such as the scheduled reports and the export: the same figures as the screen, from rollups.
type RangeReport struct {
	From, To          string
	Summary, Previous Totals
	Changes           map[string]float64
	Series            []DayFigures
	Pages             []PageFigures
	Sources           []DimFigures
	Devices           []DimFigures
	Browsers          []DimFigures
	Countries         []DimFigures
}

// ReportForDays is the report of the `days` site-local days ending with lastDay's day (lastDay on
// the site's clock), and the totals of the `days` days before for the changes.
func ReportForDays(store Store, siteID string, days int, lastDay time.Time) (RangeReport, error) {
	m, err := buildReport(store, siteID, days, lastDay)
	if err != nil {
		return RangeReport{}, err
	}
	return RangeReport{
		From: m["from"].(string), To: m["to"].(string),
		Summary: m["summary"].(Totals), Previous: m["previous"].(Totals),
		Changes:   m["changes"].(map[string]float64),
		Series:    m["series"].([]DayFigures),
		Pages:     m["pages"].([]PageFigures),
		Sources:   m["sources"].([]DimFigures),
		Devices:   m["devices"].([]DimFigures),
		Browsers:  m["browsers"].([]DimFigures),
		Countries: m["countries"].([]DimFigures),
	}, nil
}
