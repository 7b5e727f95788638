package reports

import (
	"sync"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"

	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/schematest"
)

// sentMails is a mail queue that sends at once and keeps what it sent.
type sentMails struct {
	mu   sync.Mutex
	msgs []*mailer.Message
}

func (m *sentMails) SendThen(msg *mailer.Message, _ string, done func(error)) bool {
	m.mu.Lock()
	m.msgs = append(m.msgs, msg)
	m.mu.Unlock()
	done(nil)
	return true
}

func reportFixture(t *testing.T, plan string) (core.App, *core.Record) {
	t.Helper()
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("owner@shop.test")
	owner.SetPassword("password-123")
	if err := app.Save(owner); err != nil {
		t.Fatal(err)
	}
	sites, _ := app.FindCollectionByNameOrId("sites")
	site := core.NewRecord(sites)
	site.Set("user_id", owner.Id)
	site.Set("domain", "shop.example.com")
	site.Set("plan_tier", plan)
	if err := app.SaveNoValidate(site); err != nil {
		t.Fatal(err)
	}
	reports, _ := app.FindCollectionByNameOrId("scheduled_reports")
	report := core.NewRecord(reports)
	report.Set("site_id", site.Id)
	report.Set("name", "Daily performance")
	report.Set("report_type", Performance)
	report.Set("frequency", Daily)
	report.Set("format", FormatCSV)
	report.Set("recipients", []string{"owner@shop.test"})
	report.Set("enabled", true)
	report.Set("next_scheduled_at", time.Now().Add(-time.Minute).UTC())
	if err := app.SaveNoValidate(report); err != nil {
		t.Fatal(err)
	}
	return app, report
}

func historyOf(t *testing.T, app core.App, report *core.Record) []*core.Record {
	t.Helper()
	rows, err := app.FindRecordsByFilter("report_history", "report_id = {:id}", "generated_at", 0, 0, map[string]any{"id": report.Id})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// A send whose making a stop cut short (claimed, no file yet) is made again once after the start,
// over the same day, and mailed once; a second start finds nothing to take up.
func TestASendCutShortWhileBeingMadeIsMadeAgainOnce(t *testing.T) {
	app, report := reportFixture(t, "growth")
	now := time.Now()
	if _, err := claimSend(app, report, now.AddDate(0, 0, -1), now); err != nil {
		t.Fatal(err)
	}
	mails := &sentMails{}
	svc := NewService(app, sqlite.NewSQLiteStore(app), mails, time.Minute)
	svc.Recover(now)
	svc.retry(now)
	svc.Recover(now)
	svc.retry(now)

	rows := historyOf(t, app, report)
	if len(rows) != 1 {
		t.Fatalf("%d history entries, want 1", len(rows))
	}
	h := rows[0]
	if h.GetString("status") != "sent" || h.GetString("file") == "" || !h.GetDateTime("claimed_at").IsZero() {
		t.Fatalf("entry %v, want sent with its file and no claim", h.FieldsData())
	}
	if h.GetString("covers") != now.AddDate(0, 0, -1).Format(time.DateOnly) {
		t.Errorf("covers %q", h.GetString("covers"))
	}
	if len(mails.msgs) != 1 {
		t.Fatalf("%d mails, want 1", len(mails.msgs))
	}
	if id := mails.msgs[0].Headers["Message-ID"]; id != "<report-"+h.Id+"@"+mailDomain(app.Settings().Meta.SenderAddress)+">" {
		t.Errorf("Message-ID %q", id)
	}
}

// A send that stops the server at every try ends failed after MaxAttempts starts, not in a loop.
func TestASendCutShortAtEveryStartEndsFailed(t *testing.T) {
	app, report := reportFixture(t, "growth")
	now := time.Now()
	hist, err := claimSend(app, report, now, now)
	if err != nil {
		t.Fatal(err)
	}
	svc := NewService(app, sqlite.NewSQLiteStore(app), &sentMails{}, time.Minute)
	for i := 0; i < MaxAttempts; i++ {
		svc.Recover(now)
		// The try after each start is cut short again: claimed, never finished.
		h, _ := app.FindRecordById("report_history", hist.Id)
		if h.GetString("status") == "pending" {
			h.Set("claimed_at", now.UTC())
			h.Set("next_attempt_at", nil)
			if err := app.Save(h); err != nil {
				t.Fatal(err)
			}
		}
	}
	h, _ := app.FindRecordById("report_history", hist.Id)
	if h.GetString("status") != "failed" || h.GetInt("attempts") != MaxAttempts {
		t.Fatalf("entry %v, want failed after %d attempts", h.FieldsData(), MaxAttempts)
	}
}

// A report a downgrade left on a frequency the plan no longer includes is paused when due, with the
// reason in the history, and nothing is mailed.
func TestADueReportBeyondThePlanIsPausedNotSent(t *testing.T) {
	app, report := reportFixture(t, "starter")
	mails := &sentMails{}
	NewService(app, sqlite.NewSQLiteStore(app), mails, time.Minute).RunDue(time.Now())
	report, _ = app.FindRecordById("scheduled_reports", report.Id)
	if report.GetBool("enabled") || !report.GetDateTime("next_scheduled_at").IsZero() {
		t.Fatalf("report %v, want paused", report.FieldsData())
	}
	rows := historyOf(t, app, report)
	if len(rows) != 1 || rows[0].GetString("status") != "failed" ||
		rows[0].GetString("error") != "Not sent, and the report is paused: "+frequencyRefusals[Daily] {
		t.Fatalf("history %v", rows)
	}
	if len(mails.msgs) != 0 {
		t.Fatalf("%d mails, want none", len(mails.msgs))
	}
}
