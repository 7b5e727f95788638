package forms

import (
	"bytes"
	"cro/pocketbase/collect"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/time/rate"
)

// Limits of one batch: src/lib/contracts/form-analytics.ts FORM_LIMITS.
const (
	maxBody     = 64 << 10
	maxViews    = 20
	maxFields   = 60
	maxKey      = 100
	maxLabel    = 80
	maxSelector = 500
	maxPath     = 300
	maxMs       = 6 * 60 * 60 * 1000 // six hours on one field is a tab left open
)

var idPattern = regexp.MustCompile(`^[a-z0-9]{1,64}$`)

type field struct {
	Key   string  `json:"k"`
	Label string  `json:"l"`
	Time  float64 `json:"t"`
	Hes   float64 `json:"h"`
	Refil int     `json:"r"`
	Errs  int     `json:"e"`
	Order int     `json:"o"`
}

type view struct {
	ID        string  `json:"id"`
	Selector  string  `json:"sel"`
	Path      string  `json:"p"`
	Started   bool    `json:"st"`
	Submitted bool    `json:"sb"`
	Last      string  `json:"lf"`
	Fields    []field `json:"fl"`
}

type batch struct {
	Views []view `json:"f"`
}

// parse reads a batch strictly: an unknown key (a value, say) refuses the whole batch.
func parse(body []byte) (batch, error) {
	var b batch
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return b, fmt.Errorf("the body must be a JSON form batch ({\"f\": [...]}) with only its known keys: %v", err)
	}
	if len(b.Views) == 0 || len(b.Views) > maxViews {
		return b, fmt.Errorf("f: 1 to %d form views", maxViews)
	}
	for i, v := range b.Views {
		at := fmt.Sprintf("f[%d]", i)
		switch {
		case !idPattern.MatchString(v.ID) || len(v.ID) > 40:
			return b, fmt.Errorf("%s.id: 1 to 40 lowercase letters and digits", at)
		case v.Selector == "" || len(v.Selector) > maxSelector || strings.ContainsAny(v.Selector, "\x00\r\n"):
			return b, fmt.Errorf("%s.sel: a selector of at most %d characters", at, maxSelector)
		case !strings.HasPrefix(v.Path, "/") || len(v.Path) > maxPath || strings.ContainsAny(v.Path, "\x00\r\n\t?#"):
			return b, fmt.Errorf("%s.p: a path starting with / of at most %d characters, without query", at, maxPath)
		case len(v.Last) > maxKey:
			return b, fmt.Errorf("%s.lf: at most %d characters", at, maxKey)
		case len(v.Fields) > maxFields:
			return b, fmt.Errorf("%s.fl: at most %d fields", at, maxFields)
		}
		for j, f := range v.Fields {
			fat := fmt.Sprintf("%s.fl[%d]", at, j)
			switch {
			case f.Key == "" || len(f.Key) > maxKey:
				return b, fmt.Errorf("%s.k: 1 to %d characters", fat, maxKey)
			case len(f.Label) > maxLabel*4: // characters, not bytes: checked loosely
				return b, fmt.Errorf("%s.l: at most %d characters", fat, maxLabel)
			case f.Time < 0 || f.Time > maxMs || f.Hes < 0 || f.Hes > maxMs:
				return b, fmt.Errorf("%s: times must be 0 to 6 hours in ms", fat)
			case f.Refil < 0 || f.Refil > 1000 || f.Errs < 0 || f.Errs > 1000 || f.Order < 0 || f.Order > maxFields:
				return b, fmt.Errorf("%s: counts out of range", fat)
			}
		}
	}
	return b, nil
}

type ingest struct {
	origins []string
	limiter *limiter
}

func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"status": status, "message": msg})
}

// handle is POST /api/cro/forms?k=<site key>&s=<session>&v=<visitor>, a text/plain JSON batch.
// Everything is checked before anything is stored.
func (in *ingest) handle(e *core.RequestEvent) error {
	origin := e.Request.Header.Get("Origin")
	if origin == "" {
		if u, err := url.Parse(e.Request.Header.Get("Referer")); err == nil && u.Host != "" {
			origin = u.Scheme + "://" + u.Host
		}
	}
	if origin != "" {
		e.Response.Header().Set("Access-Control-Allow-Origin", origin)
		e.Response.Header().Set("Vary", "Origin")
	}
	q := e.Request.URL.Query()
	key, session := q.Get("k"), q.Get("s")
	if !idPattern.MatchString(key) || (session != "" && !idPattern.MatchString(session)) {
		return fail(e, http.StatusBadRequest, "The site key (k) is required, and the session (s) must be lowercase letters and digits.")
	}
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, maxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			e.Response.Header().Set("Connection", "close")
			return fail(e, http.StatusRequestEntityTooLarge, "The batch is larger than 64 KB.")
		}
		return fail(e, http.StatusBadRequest, "Could not read the batch.")
	}
	site, err := e.App.FindFirstRecordByData("sites", "public_key", key)
	if err != nil {
		return fail(e, http.StatusNotFound, "Unknown site key.")
	}
	if !collect.OriginAllowed(origin, site.GetString("domain"), in.origins) &&
		(site.GetString("staging_domain") == "" || !collect.OriginAllowed(origin, site.GetString("staging_domain"), nil)) {
		return fail(e, http.StatusForbidden, "Origin not allowed for this site.")
	}
	if !formPlans[site.GetString("plan_tier")] {
		return fail(e, http.StatusForbidden, planRequired)
	}
	if collect.IsBot(e.Request.UserAgent()) {
		return e.NoContent(http.StatusNoContent)
	}
	if !in.limiter.allow(e.RealIP()) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusTooManyRequests, "Too many form batches, retry later.")
	}
	b, err := parse(body)
	if err != nil {
		return fail(e, http.StatusBadRequest, "Invalid form batch: "+err.Error()+".")
	}
	if err := save(e.App, site.Id, session, b, time.Now()); err != nil {
		e.App.Logger().Warn("forms: storing a batch failed", "error", err)
		return fail(e, http.StatusServiceUnavailable, "Could not store the batch, retry later.")
	}
	return e.NoContent(http.StatusNoContent)
}

// save keeps one row per form view: a later send of the same view replaces its figures.
func save(app core.App, siteID, session string, b batch, now time.Time) error {
	col, err := app.FindCachedCollectionByNameOrId("form_views")
	if err != nil {
		return err
	}
	return app.RunInTransaction(func(tx core.App) error {
		for _, v := range b.Views {
			rec, err := tx.FindFirstRecordByFilter("form_views", "site_id = {:site} && view_id = {:id}", dbx.Params{"site": siteID, "id": v.ID})
			if err != nil {
				rec = core.NewRecord(col)
				rec.Set("site_id", siteID)
				rec.Set("view_id", v.ID)
				rec.Set("seen_at", now.UTC())
				rec.Set("session_id", session)
			}
			fields := v.Fields
			if fields == nil {
				fields = []field{}
			}
			for i := range fields {
				fields[i].Label = truncate(fields[i].Label, maxLabel)
			}
			rec.Set("selector", v.Selector)
			rec.Set("path", v.Path)
			rec.Set("started", v.Started || rec.GetBool("started"))
			rec.Set("submitted", v.Submitted || rec.GetBool("submitted"))
			rec.Set("last_field", v.Last)
			rec.Set("fields", fields)
			if err := tx.Save(rec); err != nil {
				return err
			}
		}
		return nil
	})
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) > n {
		return string(r[:n])
	}
	return s
}

// limiter is a token bucket per client address, in memory only.
type limiter struct {
	mu      sync.Mutex
	rps     float64
	buckets map[string]*rate.Limiter
	swept   time.Time
}

func newLimiter(rps float64) *limiter {
	return &limiter{rps: rps, buckets: map[string]*rate.Limiter{}, swept: time.Now()}
}

func (l *limiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if time.Since(l.swept) > time.Minute || len(l.buckets) > 100000 {
		l.buckets, l.swept = map[string]*rate.Limiter{}, time.Now()
	}
	b := l.buckets[key]
	if b == nil {
		b = rate.NewLimiter(rate.Limit(l.rps), int(l.rps*2))
		l.buckets[key] = b
	}
	return b.Allow()
}
