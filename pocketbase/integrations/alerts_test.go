package integrations

import (
	"cro/pocketbase/eventstore"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

func TestWeeklySummaryIsDueOnMondayMorningInTheSitesZone(t *testing.T) {
	stockholm, _ := time.LoadLocation("Europe/Stockholm")
	// Monday 2026-11-23 08:30 UTC is 09:30 in Stockholm, 08:30 in UTC.
	now := time.Date(2026, 11, 23, 8, 30, 0, 0, time.UTC)
	if week, ok := weeklyDue(now, stockholm); !ok || week != "2026-W48" {
		t.Fatalf("Stockholm: %q %v", week, ok)
	}
	if _, ok := weeklyDue(now, time.UTC); ok {
		t.Fatal("08:30 is too early")
	}
	if _, ok := weeklyDue(now.AddDate(0, 0, 1), stockholm); ok {
		t.Fatal("only on Mondays")
	}
}

func TestWeeklySummaryText(t *testing.T) {
	col := core.NewBaseCollection("sites")
	site := core.NewRecord(col)
	site.Id = "site1"
	site.Set("domain", "shop.example.com")
	ev := summaryEvent(site, "2026-W48",
		eventstore.Totals{Visitors: 1200, Conversions: 36, ConversionRate: 3, Revenue: 1800.5},
		eventstore.Totals{Visitors: 1000, Conversions: 36, ConversionRate: 3.6, Revenue: 0})
	want := "Visitors 1200 (+20.0% vs the week before) · Conversions 36 (no change) · Conversion rate 3.00% (-16.7% vs the week before) · Revenue 1800.50 (new)"
	if ev.Text != want || ev.Title != "Last week on shop.example.com" || ev.Kind != EventWeeklySummary || ev.ID != "weekly_site1_2026-W48" {
		t.Fatalf("%+v", ev)
	}
	if !accepts("slack", ev.Kind) || accepts("segment", ev.Kind) || !strings.Contains(webhookBody(ev)["type"].(string), "weekly") {
		t.Fatal("the summary is for people: Slack and webhooks, not analytics tools")
	}
}
