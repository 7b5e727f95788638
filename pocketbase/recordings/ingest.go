package recordings

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"errors"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/time/rate"
)

// Limits of one chunk: what the browser sends (compressed) and what it may unpack to.
const (
	MaxChunkBytes    = 1 << 20
	MaxUnpackedBytes = 16 << 20
	// Events older than this (a tab left open, a replayed request) or from the future are refused.
	maxEventAge    = 48 * time.Hour
	maxClockSkewMs = 5 * 60 * 1000
)

type ingest struct {
	app     core.App
	store   eventstore.Store
	files   storage
	origins []string
	country string
	sites   *siteKeys
	// Per site and per client token buckets, in memory only.
	mu        sync.Mutex
	siteRPS   float64
	clientRPS float64
	buckets   map[string]*rate.Limiter
	swept     time.Time
	// rows serialises the index row's read-modify-write (one row per session).
	rows sync.Mutex
}

func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"status": status, "message": msg})
}

// allow takes a token from key's bucket (a site's or a client's), created at perSecond.
func (in *ingest) allow(key string, perSecond float64, now time.Time) bool {
	if perSecond <= 0 {
		return true
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if now.Sub(in.swept) > time.Minute || len(in.buckets) > 100000 { // forget idle buckets
		in.buckets, in.swept = map[string]*rate.Limiter{}, now
	}
	l := in.buckets[key]
	if l == nil {
		l = rate.NewLimiter(rate.Limit(perSecond), int(perSecond*2)+1)
		in.buckets[key] = l
	}
	return l.AllowN(now, 1)
}

// handle is POST /api/cro/recordings?k=<site key>&s=<session>&v=<visitor>, the body one gzip chunk
// of rrweb events. Everything is checked before anything is stored: a refused chunk stores nothing.
func (in *ingest) handle(e *core.RequestEvent) error {
	now := time.Now()
	origin := originOf(e.Request.Header.Get("Origin"), e.Request.Header.Get("Referer"))
	if origin != "" {
		h := e.Response.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Vary", "Origin")
	}
	q := e.Request.URL.Query()
	key, session, visitor := q.Get("k"), q.Get("s"), q.Get("v")
	if !idPattern.MatchString(key) || !idPattern.MatchString(session) || !idPattern.MatchString(visitor) {
		return fail(e, http.StatusBadRequest, "The site key, session and visitor (k, s, v) are required: lowercase letters and digits.")
	}
	body, err := readBody(e)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			// The rest of the body is never read: the connection cannot carry another request.
			e.Response.Header().Set("Connection", "close")
			return fail(e, http.StatusRequestEntityTooLarge, "The chunk is larger than 1 MB.")
		}
		return fail(e, http.StatusBadRequest, "Could not read the chunk.")
	}
	site := in.sites.get(key)
	if site == nil {
		return fail(e, http.StatusNotFound, "Unknown site key.")
	}
	if !collect.OriginAllowed(origin, site.GetString("domain"), in.origins) &&
		(site.GetString("staging_domain") == "" || !collect.OriginAllowed(origin, site.GetString("staging_domain"), nil)) {
		return fail(e, http.StatusForbidden, "Origin not allowed for this site.")
	}
	if !planAllows(site) {
		return fail(e, http.StatusForbidden, planRequired)
	}
	if site.GetBool("consent_free") {
		return fail(e, http.StatusForbidden, consentFreeRefusal)
	}
	if scriptConfig(site) == nil {
		return fail(e, http.StatusForbidden, "Recording is off for this site.")
	}
	ua := e.Request.UserAgent()
	if collect.IsBot(ua) {
		return e.NoContent(http.StatusNoContent)
	}
	if !in.allow("client|"+e.RealIP(), in.clientRPS, now) || !in.allow("site|"+site.Id, in.siteRPS, now) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusTooManyRequests, "Too many recording chunks, retry later.")
	}
	if !isGzip(body) {
		return fail(e, http.StatusBadRequest, "The chunk must be gzip-compressed JSON.")
	}
	raw, err := gunzip(body, MaxUnpackedBytes)
	if errors.Is(err, errTooLarge) {
		return fail(e, http.StatusRequestEntityTooLarge, "The chunk unpacks to more than 16 MB.")
	}
	if err != nil {
		return fail(e, http.StatusBadRequest, "The chunk is not valid gzip data.")
	}
	sum, _, err := Summarize(raw)
	if err != nil {
		return fail(e, http.StatusBadRequest, "Invalid chunk: "+err.Error()+".")
	}
	if sum.First < now.Add(-maxEventAge).UnixMilli() || sum.Last > now.UnixMilli()+maxClockSkewMs {
		return fail(e, http.StatusBadRequest, "Invalid chunk: event times must be within the last 48 hours.")
	}
	country := collect.VisitorCountry(in.country, e.Request.Header.Get(in.country), e.RealIP())
	err = in.save(site.Id, session, visitor, body, sum, rowOrigin{country: country, browser: collect.Browser(ua), device: collect.Device(ua)})
	if err != nil {
		e.App.Logger().Warn("recordings: storing a chunk failed", "error", err)
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusServiceUnavailable, "Could not store the chunk, retry later.")
	}
	return e.JSON(http.StatusAccepted, map[string]any{"accepted": sum.Events})
}

func readBody(e *core.RequestEvent) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, MaxChunkBytes))
}

type rowOrigin struct{ country, browser, device string }

// save writes the chunk file, then creates or updates the recording's index row; if the row
// cannot be saved the file is removed again.
func (in *ingest) save(siteID, session, visitor string, gz []byte, sum Summary, from rowOrigin) error {
	in.rows.Lock()
	defer in.rows.Unlock()
	path, err := in.files.write(siteID, session, gz)
	if err != nil {
		return err
	}
	if err := in.updateRow(siteID, session, visitor, len(gz), sum, from); err != nil {
		_ = removeFile(path)
		return err
	}
	return nil
}

func (in *ingest) updateRow(siteID, session, visitor string, size int, sum Summary, from rowOrigin) error {
	rec, err := in.app.FindFirstRecordByFilter("session_recordings", "site_id = {:site} && session_id = {:session}",
		dbx.Params{"site": siteID, "session": session})
	if err != nil {
		col, cerr := in.app.FindCachedCollectionByNameOrId("session_recordings")
		if cerr != nil {
			return cerr
		}
		rec = core.NewRecord(col)
		rec.Set("site_id", siteID)
		rec.Set("session_id", session)
		rec.Set("visitor_id", visitor)
		rec.Set("country", from.country)
		rec.Set("browser", from.browser)
		rec.Set("device_type", from.device)
	}
	first, last := time.UnixMilli(sum.First).UTC(), time.UnixMilli(sum.Last).UTC()
	if started := rec.GetDateTime("started_at"); started.IsZero() || first.Before(started.Time()) {
		rec.Set("started_at", first)
	}
	if ended := rec.GetDateTime("ended_at"); ended.IsZero() || last.After(ended.Time()) {
		rec.Set("ended_at", last)
	}
	var pages []string
	_ = rec.UnmarshalJSONField("pages", &pages)
	for _, p := range sum.Pages {
		pages = addPage(pages, p)
	}
	if pages == nil {
		pages = []string{}
	}
	rec.Set("pages", pages)
	rec.Set("pages_count", len(pages))
	if len(pages) > 0 && rec.GetString("page_url") == "" {
		rec.Set("page_url", pages[0])
	}
	duration := rec.GetDateTime("ended_at").Time().Sub(rec.GetDateTime("started_at").Time())
	rec.Set("duration_seconds", int(duration.Round(time.Second)/time.Second))
	rec.Set("events_count", rec.GetInt("events_count")+sum.Events)
	rec.Set("chunks", rec.GetInt("chunks")+1)
	rec.Set("bytes", rec.GetInt("bytes")+size)
	rec.Set("clicks", rec.GetInt("clicks")+sum.Clicks)
	rec.Set("errors", rec.GetInt("errors")+sum.Errors)
	if !rec.GetBool("converted") {
		converted, err := in.store.SessionConverted(siteID, session)
		if err == nil {
			rec.Set("converted", converted)
		}
	}
	return in.app.Save(rec)
}

// originOf returns the Origin header, or the origin part of the Referer when Origin is absent.
func originOf(origin, referer string) string {
	if origin != "" || referer == "" {
		return origin
	}
	u, err := url.Parse(referer)
	if err != nil || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
