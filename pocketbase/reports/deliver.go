package reports

import (
	"bytes"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"
	"cro/pocketbase/whitelabel"
	"errors"
	"fmt"
	"io"
	"log"
	"net/mail"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Sender is the mail queue as the reports use it: a message with its attachment, and the outcome.
type Sender interface {
	SendThen(msg *mailer.Message, label string, done func(error)) bool
}

// MaxAttempts is how many times a report's mail is tried before it is marked failed.
const MaxAttempts = 3

// Service makes and delivers reports: the scheduler, 'Send now' and the export use it.
type Service struct {
	app   core.App
	store eventstore.Store
	mail  Sender
	// retryBase is the wait after the first failed send; each later wait is four times longer.
	retryBase time.Duration
	// mu keeps two outcomes of one history entry from being written at once.
	mu sync.Mutex
	// sendNow limits 'Send now' per report and per site (sendlimit.go).
	sendNow *sendLimits
}

// NewService makes the reports service.
func NewService(app core.App, store eventstore.Store, mail Sender, retryBase time.Duration) *Service {
	return &Service{app: app, store: store, mail: mail, retryBase: retryBase, sendNow: newSendLimits()}
}

// backoff is the wait before attempt n+1 after n failed attempts.
func (s *Service) backoff(failed int) time.Duration {
	d := s.retryBase
	for i := 1; i < failed; i++ {
		d *= 4
	}
	return d
}

// Produce makes a scheduled report covering its period's site-local days up to lastDay, stores it
// in the history as pending and hands its mail to the queue. A report that cannot be made is stored
// as failed with the reason.
func (s *Service) Produce(report *core.Record, lastDay, now time.Time) (*core.Record, error) {
	hist, err := claimSend(s.app, report, lastDay, now)
	if err != nil {
		return nil, err
	}
	return hist, s.make(hist, report)
}

// historyEntry is a new (unsaved) history entry of a report at now: what every entry names.
func historyEntry(app core.App, report *core.Record, now time.Time) *core.Record {
	hist := core.NewRecord(mustCollection(app, "report_history"))
	hist.Set("site_id", report.GetString("site_id"))
	hist.Set("report_id", report.Id)
	hist.Set("report_name", report.GetString("name"))
	hist.Set("generated_at", now.UTC())
	hist.Set("format", report.GetString("format"))
	hist.Set("recipients", report.Get("recipients"))
	return hist
}

// claimSend stores the history entry of one send before anything is made: pending, claimed now,
// with the last day it covers, so that a send cut short by a restart is found and made again.
func claimSend(app core.App, report *core.Record, lastDay, now time.Time) (*core.Record, error) {
	hist := historyEntry(app, report, now)
	hist.Set("attempts", 0)
	hist.Set("status", "pending")
	hist.Set("covers", lastDay.Format(time.DateOnly))
	hist.Set("claimed_at", now.UTC())
	return hist, app.Save(hist)
}

// make gathers and draws a claimed entry's report, stores the file with the entry and hands the
// mail to the queue; a report that cannot be made leaves the entry failed with the reason.
func (s *Service) make(hist, report *core.Record) error {
	site, err := s.app.FindRecordById("sites", hist.GetString("site_id"))
	if err != nil {
		return err
	}
	zone := zones.OfSite(site)
	lastDay, err := time.ParseInLocation(time.DateOnly, hist.GetString("covers"), zone)
	var content *Content
	var file File
	if err == nil {
		content, err = Gather(s.app, s.store, site, report.GetString("report_type"), hist.GetString("report_name"),
			PeriodDays(report.GetString("frequency")), lastDay, hist.GetDateTime("generated_at").Time())
	}
	if err == nil {
		hist.Set("period", content.Period())
		file, err = Render(content, hist.GetString("format"))
	}
	if err != nil {
		hist.Set("status", "failed")
		hist.Set("claimed_at", nil)
		hist.Set("error", "The report could not be made: "+err.Error())
		return s.app.Save(hist)
	}
	stored, err := filesystem.NewFileFromBytes(file.Data, file.Name)
	if err != nil {
		return err
	}
	hist.Set("file", stored)
	hist.Set("attachment_name", file.Name)
	if err := s.app.Save(hist); err != nil {
		return err
	}
	s.deliver(hist, content, file)
	return nil
}

// deliver hands one attempt to the mail queue; the outcome is written when the queue has tried.
func (s *Service) deliver(hist *core.Record, content *Content, file File) {
	msg, err := s.message(hist, content, file)
	if err != nil {
		s.finish(hist.Id, err)
		return
	}
	// In flight: no retry is due until this attempt has ended, and the claim says since when (the
	// queue is in memory: a claim that outlives the process is taken up again at the next start).
	hist.Set("next_attempt_at", nil)
	hist.Set("claimed_at", time.Now().UTC())
	if err := s.app.Save(hist); err != nil {
		log.Printf("reports: marking %s in flight failed: %v", hist.Id, err)
	}
	if !s.mail.SendThen(msg, "report "+hist.GetString("report_name"), func(err error) { s.finish(hist.Id, err) }) {
		s.finish(hist.Id, errors.New("the mail queue is full"))
	}
}

// finish records how an attempt ended: sent, retried later with backoff, or failed for good.
func (s *Service) finish(histID string, sendErr error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	hist, err := s.app.FindRecordById("report_history", histID)
	if err != nil {
		return
	}
	now := time.Now().UTC()
	attempts := hist.GetInt("attempts") + 1
	hist.Set("attempts", attempts)
	hist.Set("claimed_at", nil)
	switch {
	case sendErr == nil:
		hist.Set("status", "sent")
		hist.Set("error", "")
		if id := hist.GetString("report_id"); id != "" {
			if report, err := s.app.FindRecordById("scheduled_reports", id); err == nil {
				report.Set("last_sent_at", now)
				_ = s.app.Save(report)
			}
		}
	case attempts >= MaxAttempts:
		hist.Set("status", "failed")
		hist.Set("error", fmt.Sprintf("Not sent after %d attempts: %s", attempts, sendErr.Error()))
	default:
		hist.Set("error", sendErr.Error())
		hist.Set("next_attempt_at", now.Add(s.backoff(attempts)))
	}
	if err := s.app.Save(hist); err != nil {
		log.Printf("reports: recording delivery of %s failed: %v", histID, err)
	}
}

// retry sends again the pending reports whose next attempt is due, and makes again those whose
// making a restart cut short.
func (s *Service) retry(now time.Time) {
	due, err := s.app.FindRecordsByFilter("report_history", "status = 'pending' && next_attempt_at != '' && next_attempt_at <= {:now}", "next_attempt_at", 50, 0,
		map[string]any{"now": now.UTC().Format(types.DefaultDateLayout)})
	if err != nil {
		log.Printf("reports: listing retries failed: %v", err)
		return
	}
	for _, hist := range due {
		if hist.GetString("file") == "" {
			s.makeAgain(hist, now)
			continue
		}
		file, err := storedFile(s.app, hist)
		if err != nil {
			s.finish(hist.Id, err)
			continue
		}
		site, err := s.app.FindRecordById("sites", hist.GetString("site_id"))
		if err != nil {
			continue
		}
		content := &Content{Name: hist.GetString("report_name"), Domain: site.GetString("domain")}
		content.From, content.To = hist.GetString("period"), hist.GetString("period")
		s.deliver(hist, content, file)
	}
}

// message is the mail of one history entry: the summary for 'email', else a short note with the file.
func (s *Service) message(hist *core.Record, c *Content, file File) (*mailer.Message, error) {
	recipients, _ := asStrings(hist.Get("recipients"))
	if len(recipients) == 0 {
		return nil, errors.New("the report has no recipients")
	}
	meta := s.app.Settings().Meta
	msg := &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		Subject: fmt.Sprintf("%s: %s (%s)", hist.GetString("report_name"), c.Domain, hist.GetString("period")),
		// One id per history entry, whatever the attempt: if the server stops after the SMTP server
		// took the mail but before the entry says sent, the mail sent again is the same message,
		// which mail systems keep once.
		Headers: map[string]string{"Message-ID": fmt.Sprintf("<report-%s@%s>", hist.Id, mailDomain(meta.SenderAddress))},
	}
	if site, err := s.app.FindRecordById("sites", hist.GetString("site_id")); err == nil && site.GetString("brand_id") != "" {
		msg.Headers[whitelabel.BrandHeader] = site.GetString("brand_id") // sent under the site's brand
	}
	for _, r := range recipients {
		msg.To = append(msg.To, mail.Address{Address: r})
	}
	if hist.GetString("format") == FormatEmail {
		msg.HTML = string(file.Data)
		return msg, nil
	}
	msg.HTML = fmt.Sprintf("<p>Your report <strong>%s</strong> for %s (%s) is attached.</p><p>Past reports are on the Reports page of your dashboard.</p>",
		htmlEscape(hist.GetString("report_name")), htmlEscape(c.Domain), htmlEscape(hist.GetString("period")))
	msg.Text = fmt.Sprintf("Your report %s for %s (%s) is attached.\n\nPast reports are on the Reports page of your dashboard.",
		hist.GetString("report_name"), c.Domain, hist.GetString("period"))
	msg.Attachments = map[string]io.Reader{file.Name: bytes.NewReader(file.Data)}
	return msg, nil
}

// storedFile reads a history entry's stored report back (for a retry), named as it was attached:
// the stored name is PocketBase's normalized one, so the name made is kept in attachment_name
// (entries stored before it have only the stored name, stripped of its random part).
func storedFile(app core.App, hist *core.Record) (File, error) {
	fs, err := app.NewFilesystem()
	if err != nil {
		return File{}, err
	}
	defer fs.Close()
	name := hist.GetString("file")
	r, err := fs.GetReader(hist.BaseFilesPath() + "/" + name)
	if err != nil {
		return File{}, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	attach := hist.GetString("attachment_name")
	if attach == "" {
		attach = originalName(name)
	}
	return File{Name: attach, Data: data}, err
}

func mustCollection(app core.App, name string) *core.Collection {
	c, err := app.FindCachedCollectionByNameOrId(name)
	if err != nil {
		panic(err)
	}
	return c
}
