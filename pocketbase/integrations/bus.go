package integrations

import (
	"context"
	"encoding/json"
	"log"
	"sync"
	"time"

	"cro/pocketbase/safefetch"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// Bus delivers events to the site's integrations after the request that caused them has been
// answered: Publish only queues, workers send with timeouts and retries and log each attempt.
type Bus struct {
	app     core.App
	secrets *Secrets
	guard   safefetch.Config
	jobs    chan Event
	running sync.WaitGroup
	slots   chan struct{} // deliveries in flight at once
}

const (
	queueSize   = 1000
	busWorkers  = 2
	inFlightMax = 8
)

// NewBus starts the bus's workers for the life of the process.
func NewBus(app core.App, secrets *Secrets) *Bus {
	b := &Bus{app: app, secrets: secrets, guard: guard(), jobs: make(chan Event, queueSize), slots: make(chan struct{}, inFlightMax)}
	for i := 0; i < busWorkers; i++ {
		go b.work()
	}
	return b
}

// Publish queues an event for every integration of its site that takes it; a full queue drops it
// (and says so) rather than hold up the caller.
func (b *Bus) Publish(ev Event) {
	if ev.At.IsZero() {
		ev.At = time.Now()
	}
	select {
	case b.jobs <- ev:
	default:
		log.Printf("integrations: queue full, %s event of site %s dropped", ev.Kind, ev.SiteID)
	}
}

// Wait blocks until the deliveries started so far are done (tests).
func (b *Bus) Wait() { b.running.Wait() }

func (b *Bus) work() {
	for ev := range b.jobs {
		records, err := b.app.FindAllRecords("integrations", dbx.HashExp{"site_id": ev.SiteID})
		if err != nil {
			continue
		}
		for _, rec := range records {
			if !rec.GetBool("enabled") || !accepts(rec.GetString("integration_type"), ev.Kind) {
				continue
			}
			if s := rec.GetString("status"); s != "connected" && s != "error" {
				continue
			}
			b.running.Add(1)
			b.slots <- struct{}{}
			go func(rec *core.Record) {
				defer func() { <-b.slots; b.running.Done() }()
				b.deliver(rec, ev)
			}(rec)
		}
	}
}

// deliver sends ev to one integration, retrying what may pass later with exponential backoff,
// and records the outcome on the integration.
func (b *Bus) deliver(rec *core.Record, ev Event) bool {
	t, err := b.target(rec)
	if err != nil {
		a := Attempt{Err: err.Error()}
		logAttempt(b.app, rec, ev, 1, a)
		settle(b.app, rec.Id, false, a.Err, true)
		return false
	}
	last := b.attempts(rec, t, ev)
	settle(b.app, rec.Id, last.OK(), last.Err, true)
	return last.OK()
}

// attempts makes up to maxAttempts requests, logging each, and returns the last.
func (b *Bus) attempts(rec *core.Record, t target, ev Event) Attempt {
	req, err := buildRequest(t, ev, false)
	if err != nil {
		a := Attempt{Err: err.Error()}
		logAttempt(b.app, rec, ev, 1, a)
		return a
	}
	var last Attempt
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if attempt > 1 {
			time.Sleep(retryBase() << (attempt - 2))
			if t.Type == "webhook" || t.Type == "zapier" {
				// A fresh timestamp: the receiver checks it against its own clock.
				if req, err = buildRequest(t, ev, false); err != nil {
					break
				}
			}
		}
		last = send(context.Background(), b.guard, req)
		logAttempt(b.app, rec, ev, attempt, last)
		if last.OK() || !last.retryable() {
			break
		}
	}
	return last
}

// Test sends one test event to an integration now, without retries, and records it like any
// delivery; the caller waits for it ('Test connection').
func (b *Bus) Test(rec *core.Record, site *core.Record) Attempt {
	ev := Event{
		ID: "test_" + rec.Id + "_" + time.Now().UTC().Format("20060102T150405.000"), Kind: EventTest, SiteID: site.Id,
		Domain: site.GetString("domain"), At: time.Now(), Title: "Upliftly connection test",
		Text: "This is a test from Upliftly for " + site.GetString("domain") + ". Alerts for this site will arrive here.",
		Link: "/dashboard/integrations", Data: map[string]any{"test": true},
	}
	t, err := b.target(rec)
	var req *outRequest
	if err == nil {
		req, err = buildRequest(t, ev, true)
	}
	var a Attempt
	if err != nil {
		a = Attempt{Err: err.Error()}
	} else {
		a = send(context.Background(), b.guard, req)
	}
	logAttempt(b.app, rec, ev, 1, a)
	settle(b.app, rec.Id, a.OK(), a.Err, false)
	return a
}

func (b *Bus) target(rec *core.Record) (target, error) {
	creds, err := b.secrets.CredentialsOf(rec)
	if err != nil {
		return target{}, err
	}
	return target{Type: rec.GetString("integration_type"), Settings: settingsOf(rec), Credentials: creds}, nil
}

func settingsOf(rec *core.Record) map[string]any {
	m := map[string]any{}
	raw, _ := json.Marshal(rec.Get("settings"))
	_ = json.Unmarshal(raw, &m)
	if m == nil {
		m = map[string]any{}
	}
	return m
}
