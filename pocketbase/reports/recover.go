package reports

import (
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Recover takes up, once, the sends a stop of the server cut short: history entries still claimed
// (being made, or with the in-memory mail queue) when the server starts. Each becomes due at once;
// the cut-short try counts as an attempt, so a report that stops the server every time ends failed
// instead of looping. It runs before the scheduler's first tick, so no claim of this process is
// among them.
func (s *Service) Recover(now time.Time) {
	cut, err := s.app.FindRecordsByFilter("report_history", "status = 'pending' && claimed_at != ''", "generated_at", 0, 0)
	if err != nil {
		log.Printf("reports: listing sends cut short failed: %v", err)
		return
	}
	for _, hist := range cut {
		attempts := hist.GetInt("attempts") + 1
		hist.Set("attempts", attempts)
		hist.Set("claimed_at", nil)
		if attempts >= MaxAttempts {
			hist.Set("status", "failed")
			hist.Set("error", fmt.Sprintf("Not sent: the server stopped during %d attempts.", attempts))
		} else {
			hist.Set("next_attempt_at", now.UTC())
		}
		if err := s.app.Save(hist); err != nil {
			log.Printf("reports: taking up %s failed: %v", hist.Id, err)
		}
	}
}

// makeAgain makes a due entry whose making was cut short, over the same days, from its scheduled
// report as it is now.
func (s *Service) makeAgain(entry *core.Record, now time.Time) {
	entry.Set("next_attempt_at", nil)
	entry.Set("claimed_at", now.UTC())
	report, err := s.app.FindRecordById("scheduled_reports", entry.GetString("report_id"))
	if err != nil {
		entry.Set("status", "failed")
		entry.Set("claimed_at", nil)
		entry.Set("error", "The report could not be made: its schedule was deleted.")
		_ = s.app.Save(entry)
		return
	}
	if err := s.app.Save(entry); err != nil {
		log.Printf("reports: claiming %s failed: %v", entry.Id, err)
		return
	}
	if err := s.make(entry, report); err != nil {
		log.Printf("reports: making %s again failed: %v", entry.Id, err)
	}
}

// mailDomain is the domain of the sender's address, for the reports' message ids.
func mailDomain(address string) string {
	if at := strings.LastIndex(address, "@"); at >= 0 && at < len(address)-1 {
		return address[at+1:]
	}
	return "localhost"
}
