package integrations

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"cro/pocketbase/notify"
	"cro/pocketbase/safefetch"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"
)

const (
	attemptTimeout = 10 * time.Second
	maxAttempts    = 4  // the first try and three retries
	logKept        = 50 // delivery log entries kept per integration
	answerKept     = 300
)

// guard returns the destination checks of deliveries: the scan's (no private, loopback or
// reserved addresses; no redirects), plus CRO_INTEGRATION_ALLOW_HOSTS, exact "ip:port" stand-ins
// that tests allow although they are on loopback. Production leaves it unset.
func guard() safefetch.Config {
	c := safefetch.DefaultConfig()
	for _, item := range strings.Split(os.Getenv("CRO_INTEGRATION_ALLOW_HOSTS"), ",") {
		if ap, err := netip.ParseAddrPort(strings.TrimSpace(item)); err == nil {
			c.AllowHosts[netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())] = true
		}
	}
	return c
}

// retryBase is the first retry's delay; each next one doubles (CRO_INTEGRATION_RETRY_MS for tests).
func retryBase() time.Duration {
	if n, err := strconv.Atoi(os.Getenv("CRO_INTEGRATION_RETRY_MS")); err == nil && n >= 0 {
		return time.Duration(n) * time.Millisecond
	}
	return 2 * time.Second
}

// Attempt is one request's outcome, as the delivery log keeps it.
type Attempt struct {
	Status  int // HTTP status; 0 when no answer came
	Latency time.Duration
	Err     string // "" when delivered
}

// OK reports whether the attempt delivered.
func (a Attempt) OK() bool { return a.Err == "" }

// retryable: no answer, 408, 429 and 5xx may pass on a later try; other refusals will not.
func (a Attempt) retryable() bool {
	return a.Status == 0 || a.Status == 408 || a.Status == 429 || a.Status >= 500
}

// send makes one request through the guarded client. Its error text is redacted: no credential
// of the integration is in it, whatever the network or the vendor answered.
func send(ctx context.Context, cfg safefetch.Config, r *outRequest) Attempt {
	a := sendRaw(ctx, cfg, r)
	a.Err = r.redact.text(a.Err)
	return a
}

func sendRaw(ctx context.Context, cfg safefetch.Config, r *outRequest) Attempt {
	start := time.Now()
	if err := cfg.CheckURL(r.URL); err != nil {
		return Attempt{Err: "The address is not allowed: " + err.Error()}
	}
	req, err := r.newHTTP()
	if err != nil {
		return Attempt{Err: r.redact.err(err)}
	}
	ctx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	res, err := cfg.Client(attemptTimeout).Do(req.WithContext(ctx))
	if err != nil {
		msg := r.redact.err(err)
		if errors.Is(err, context.DeadlineExceeded) || strings.Contains(msg, "Timeout") {
			msg = "No answer within 10 s"
		} else if strings.Contains(msg, "refused address") {
			msg = "The address is not allowed: private and local networks cannot be reached"
		}
		return Attempt{Err: msg, Latency: time.Since(start)}
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	a := Attempt{Status: res.StatusCode, Latency: time.Since(start)}
	if res.StatusCode < 200 || res.StatusCode > 299 {
		// Redacted before clipping: a cut could leave the start of a secret that no longer matches.
		a.Err = fmt.Sprintf("HTTP %d: %s", res.StatusCode, clip(strings.TrimSpace(r.redact.text(string(body))), answerKept))
		return a
	}
	if r.check != nil {
		if err := r.check(body); err != nil {
			a.Err = r.redact.text(err.Error())
		}
	}
	return a
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// logAttempt keeps one line of the integration's delivery log and trims it to the newest 50.
func logAttempt(app core.App, rec *core.Record, ev Event, attempt int, a Attempt) {
	status := "failed"
	if a.OK() {
		status = "delivered"
	}
	logEntry(app, rec, ev.Kind, ev.ID, attempt, status, a)
}

// logEntry writes one line of the log: an outbound attempt, or an inbound webhook (received or
// ignored, with the reason in error).
func logEntry(app core.App, rec *core.Record, kind, eventID string, attempt int, status string, a Attempt) {
	col, err := app.FindCollectionByNameOrId("integration_deliveries")
	if err != nil {
		log.Printf("integrations: %v", err)
		return
	}
	row := core.NewRecord(col)
	row.Set("site_id", rec.GetString("site_id"))
	row.Set("integration_id", rec.Id)
	row.Set("event_id", clip(eventID, 200))
	row.Set("event", kind)
	row.Set("attempt", attempt)
	row.Set("status", status)
	row.Set("http_status", a.Status)
	row.Set("latency_ms", a.Latency.Milliseconds())
	row.Set("error", clip(a.Err, 900))
	if err := app.Save(row); err != nil {
		log.Printf("integrations: delivery log: %v", err)
		return
	}
	old, err := app.FindRecordsByFilter("integration_deliveries", "integration_id = {:id}", "-created_at,-id", 0, logKept,
		map[string]any{"id": rec.Id})
	if err == nil {
		for _, r := range old {
			_ = app.Delete(r)
		}
	}
}

// failuresBeforeError: this many failed deliveries in a row (each after its retries) mark the
// integration as failing and tell the owner; one failure may be the vendor's bad minute.
const failuresBeforeError = 2

// settle records a delivery's outcome on the integration: success clears the error and stamps
// last_synced_at; repeated failure sets status error and notifies the site's owner once.
func settle(app core.App, id string, ok bool, errMsg string, notifyOwner bool) {
	rec, err := app.FindRecordById("integrations", id)
	if err != nil {
		return // disconnected meanwhile
	}
	if ok {
		rec.Set("status", "connected")
		rec.Set("error_message", "")
		rec.Set("last_synced_at", types.NowDateTime())
		rec.Set("settings", withFailures(rec, 0))
		_ = app.Save(rec)
		return
	}
	failures := failureCount(rec) + 1
	rec.Set("settings", withFailures(rec, failures))
	rec.Set("error_message", clip(errMsg, 900))
	wasError := rec.GetString("status") == "error"
	if failures >= failuresBeforeError || !notifyOwner {
		rec.Set("status", "error")
	}
	if err := app.Save(rec); err != nil {
		log.Printf("integrations: %v", err)
		return
	}
	if notifyOwner && failures >= failuresBeforeError && !wasError {
		site, err := app.FindRecordById("sites", rec.GetString("site_id"))
		if err != nil {
			return
		}
		_ = notify.Create(app, notify.Notification{
			User: site.GetString("user_id"), Site: site.Id, Type: "alert",
			Title:   rec.GetString("name") + " deliveries are failing",
			Message: fmt.Sprintf("%d deliveries in a row failed on %s: %s", failures, site.GetString("domain"), clip(errMsg, 300)),
			Link:    "/dashboard/integrations",
		})
	}
}

// The count of failed deliveries in a row lives in settings (readable by members, written only by
// the server), so no extra field is needed.
func failureCount(rec *core.Record) int {
	m := settingsOf(rec)
	n, _ := m["consecutive_failures"].(float64)
	return int(n)
}

func withFailures(rec *core.Record, n int) map[string]any {
	m := settingsOf(rec)
	if n == 0 {
		delete(m, "consecutive_failures")
	} else {
		m["consecutive_failures"] = n
	}
	return m
}
