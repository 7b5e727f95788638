package collect

import (
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/eventstore"
)

// Collector is the collect endpoint: what it checks a batch against, and the store that takes it.
// The server (analytics.Register) and a stateless collector (cro-server collect) each make one.
type Collector struct {
	// Site is the config of the site with this public key, nil when there is none.
	Site  func(key string) *eventstore.Site
	Store eventstore.Store
	// MaxAge is the oldest event time accepted; AllowedOrigins are accepted for every site;
	// CountryHeader is a trusted proxy's header with the visitor's country ("": none).
	MaxAge         time.Duration
	AllowedOrigins []string
	CountryHeader  string
	SiteLimit      *Limiter
	ClientLimit    *Limiter
	// ShareLimit is per client per site, at ClientShareOfSite of the site's rate.
	ShareLimit *Limiter
	// SourceKey is the secret client sources are hashed with (loaded when the server starts).
	SourceKey []byte
	// Also are called with each batch once the store has made it durable (analytics.AlsoCollect).
	Also func() []func(siteID string, batch *eventstore.Batch, device string)
	// UnknownExposures counts the batch's exposures the ingest drops (the response says so).
	UnknownExposures func(site *eventstore.Site, batch *eventstore.Batch) int
}

func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"status": status, "message": msg})
}

// Handle is POST /api/cro/collect: validate everything, then hand the batch to the writer and
// acknowledge only once it is committed.
func (c *Collector) Handle(e *core.RequestEvent) error {
	now := time.Now()
	origin := OriginOf(e.Request.Header.Get("Origin"), e.Request.Header.Get("Referer"))
	if origin != "" {
		h := e.Response.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Vary", "Origin")
	}
	body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, MaxBodyBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return fail(e, http.StatusRequestEntityTooLarge, "Batch too large.")
		}
		return fail(e, http.StatusBadRequest, "Could not read the batch.")
	}
	batch, err := ParseBatch(body, now, c.MaxAge)
	if err != nil {
		return fail(e, http.StatusBadRequest, "Invalid batch: "+err.Error())
	}
	site := c.Site(batch.Key)
	if site == nil {
		return fail(e, http.StatusNotFound, "Unknown site key.")
	}
	if !OriginAllowed(origin, site.Domain, c.AllowedOrigins) && (site.Staging == "" || !OriginAllowed(origin, site.Staging, nil)) {
		return fail(e, http.StatusForbidden, "Origin not allowed for this site.")
	}
	ua := e.Request.UserAgent()
	ip := e.RealIP()
	client := ClientKey(ip)
	if IsBot(ua) {
		// Robots are ignored quietly, but counted for the owner (Speed & Tracking); within the
		// client's limit only, so that a flood of them costs no more than a flood of visitors.
		if c.ClientLimit.Allow(client, now) {
			if err := c.Store.CountAutomated(site.ID, now); err != nil {
				e.App.Logger().Warn("analytics: counting an automated hit failed", "error", err)
			}
		}
		return e.NoContent(http.StatusNoContent)
	}
	// The client's own limits first, so that a client over them never spends the site's budget.
	if !c.ClientLimit.Allow(client, now) || !c.ShareLimit.Allow(site.ID+"|"+client, now) || !c.SiteLimit.Allow(site.ID, now) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusTooManyRequests, "Too many requests, retry later.")
	}
	if site.ConsentFree && !ConsentFreeIDs(site, batch, ip, ua) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusServiceUnavailable, "Busy, retry later.")
	}
	country := VisitorCountry(c.CountryHeader, e.Request.Header.Get(c.CountryHeader), ip)
	err = c.Store.Submit(eventstore.Ingest{Site: site, Batch: batch, Device: Device(ua), Browser: Browser(ua), Country: country,
		Client: ClientSource(c.SourceKey, ip)})
	if errors.Is(err, eventstore.ErrDuplicate) {
		// A re-send of a batch stored already (its first send's reply was lost): stored, once.
		return e.JSON(http.StatusAccepted, map[string]any{"accepted": len(batch.Events), "duplicate": true})
	}
	if err != nil {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusServiceUnavailable, "Busy, retry later.")
	}
	for _, also := range c.Also() {
		also(site.ID, batch, Device(ua))
	}
	reply := map[string]any{"accepted": len(batch.Events)}
	if n := c.UnknownExposures(site, batch); n > 0 {
		reply["dropped"] = n // experiment exposures the ingest does not store (counted per site and day)
	}
	return e.JSON(http.StatusAccepted, reply)
}
