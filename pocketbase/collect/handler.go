package analytics

import (
	"cro/pocketbase/collect"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

type collector struct {
	cfg         Config
	sites       *siteCache
	store       Store
	siteLimit   *collect.Limiter
	clientLimit *collect.Limiter
	// shareLimit is per client per site, at collect.ClientShareOfSite of the site's rate.
	shareLimit *collect.Limiter
	// sourceKey is the secret client sources are hashed with (loaded when the server starts).
	sourceKey []byte
}

func fail(e *core.RequestEvent, status int, msg string) error {
	return e.JSON(status, map[string]any{"status": status, "message": msg})
}

// handle is POST /api/cro/collect: validate everything, then hand the batch to the writer and
// acknowledge only once it is committed.
func (c *collector) handle(e *core.RequestEvent) error {
	now := time.Now()
	origin := collect.OriginOf(e.Request.Header.Get("Origin"), e.Request.Header.Get("Referer"))
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
	batch, err := ParseBatch(body, now, c.cfg.MaxAge)
	if err != nil {
		return fail(e, http.StatusBadRequest, "Invalid batch: "+err.Error())
	}
	site := c.sites.get(batch.Key)
	if site == nil {
		return fail(e, http.StatusNotFound, "Unknown site key.")
	}
	if !collect.OriginAllowed(origin, site.Domain, c.cfg.AllowedOrigins) && (site.Staging == "" || !collect.OriginAllowed(origin, site.Staging, nil)) {
		return fail(e, http.StatusForbidden, "Origin not allowed for this site.")
	}
	ua := e.Request.UserAgent()
	ip := e.RealIP()
	client := collect.ClientKey(ip)
	if collect.IsBot(ua) {
		// Robots are ignored quietly, but counted for the owner (Speed & Tracking); within the
		// client's limit only, so that a flood of them costs no more than a flood of visitors.
		if c.clientLimit.Allow(client, now) {
			if err := c.store.CountAutomated(site.ID, now); err != nil {
				e.App.Logger().Warn("analytics: counting an automated hit failed", "error", err)
			}
		}
		return e.NoContent(http.StatusNoContent)
	}
	// The client's own limits first, so that a client over them never spends the site's budget.
	if !c.clientLimit.Allow(client, now) || !c.shareLimit.Allow(site.ID+"|"+client, now) || !c.siteLimit.Allow(site.ID, now) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusTooManyRequests, "Too many requests, retry later.")
	}
	if site.ConsentFree && !collect.ConsentFreeIDs(site, batch, ip, ua) {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusServiceUnavailable, "Busy, retry later.")
	}
	country := collect.VisitorCountry(c.cfg.CountryHeader, e.Request.Header.Get(c.cfg.CountryHeader), ip)
	if err := c.store.Submit(Ingest{Site: site, Batch: batch, Device: collect.Device(ua), Browser: collect.Browser(ua), Country: country,
		Client: collect.ClientSource(c.sourceKey, ip)}); err != nil {
		e.Response.Header().Set("Retry-After", "1")
		return fail(e, http.StatusServiceUnavailable, "Busy, retry later.")
	}
	for _, also := range AlsoCollect {
		also(site.ID, batch, collect.Device(ua))
	}
	reply := map[string]any{"accepted": len(batch.Events)}
	if n := unknownExposures(site, batch); n > 0 {
		reply["dropped"] = n // experiment exposures the ingest does not store (counted per site and day)
	}
	return e.JSON(http.StatusAccepted, reply)
}
