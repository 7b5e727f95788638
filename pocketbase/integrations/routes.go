package integrations

import (
	"errors"
	"io"
	"net/http"
	"time"

	"cro/pocketbase/access"
	"cro/pocketbase/analytics"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/zones"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"
)

const inboundBodyLimit = 1 << 20 // an order with many lines fits; more is not an order

// routes serves 'Test connection' and the inbound order webhooks.
func (b *Bus) routes(se *core.ServeEvent, store eventstore.Store) {
	se.Router.POST("/api/cro/integrations/{id}/test", func(e *core.RequestEvent) error {
		rec, err := e.App.FindRecordById("integrations", e.Request.PathValue("id"))
		if err != nil {
			return apis.NewNotFoundError("Integration not found", nil)
		}
		site, err := access.RequireSiteRole(e, rec.GetString("site_id"), access.Editor, access.Messages{
			NotFound: "Integration not found", Forbidden: "Only editors, admins and owners can test an integration.",
		})
		if err != nil {
			return err
		}
		kind := rec.GetString("integration_type")
		if Inbound[kind] {
			return e.JSON(http.StatusOK, map[string]any{
				"ok": rec.GetString("status") == "connected", "inbound": true, "last_synced_at": rec.GetString("last_synced_at"),
				"message": "This integration receives orders: it is working once the first signed order webhook has arrived.",
			})
		}
		if !Outbound[kind] {
			return apis.NewBadRequestError("This integration does not deliver anything on this install.", nil)
		}
		a := b.Test(rec, site)
		return e.JSON(http.StatusOK, map[string]any{
			"ok": a.OK(), "http_status": a.Status, "latency_ms": a.Latency.Milliseconds(), "error": a.Err,
		})
	}).Bind(apis.RequireAuth("users"))

	se.Router.POST("/api/cro/integrations/{id}/inbound", func(e *core.RequestEvent) error {
		body, err := io.ReadAll(http.MaxBytesReader(e.Response, e.Request.Body, inboundBodyLimit))
		if err != nil {
			return e.JSON(http.StatusRequestEntityTooLarge, map[string]any{"message": "The body is larger than 1 MB."})
		}
		rec, err := e.App.FindRecordById("integrations", e.Request.PathValue("id"))
		if err != nil || !Inbound[rec.GetString("integration_type")] {
			return apis.NewNotFoundError("No such webhook", nil)
		}
		creds, err := b.secrets.CredentialsOf(rec)
		if err != nil {
			return apis.NewApiError(http.StatusServiceUnavailable, "The webhook secret cannot be read on this server.", nil)
		}
		now := time.Now()
		order, err := VerifyAndParse(rec.GetString("integration_type"), creds["webhook_secret"], e.Request.Header, body, now)
		if errors.Is(err, errSignature) {
			return apis.NewUnauthorizedError("Invalid signature", nil)
		}
		if err != nil {
			return apis.NewBadRequestError(err.Error(), nil)
		}
		return b.receive(e, store, rec, order, now)
	})
}

// receive counts a verified order once: as a verified purchase of its visitor (revenue goals,
// experiments and revenue impact count it in full), then forwards it to the analytics tools.
func (b *Bus) receive(e *core.RequestEvent, store eventstore.Store, rec *core.Record, order Order, now time.Time) error {
	if order.Ignore == "" && OnOrder != nil {
		OnOrder(e.App, rec.GetString("site_id"), order, now) // ecommerce: every paid order, the server's figure
	}
	if order.Ignore == "" && order.Visitor == "" {
		order.Ignore = "the order carries no " + VisitorKey
	}
	if order.Ignore != "" {
		logEntry(e.App, rec, "order", order.ID, 1, "ignored", Attempt{Status: http.StatusOK, Err: order.Ignore})
		return e.JSON(http.StatusOK, map[string]any{"counted": false, "reason": order.Ignore})
	}
	siteID := rec.GetString("site_id")
	if !b.claimOrder(e.App, rec, order) {
		return e.JSON(http.StatusOK, map[string]any{"counted": false, "reason": "already counted"})
	}
	c := eventstore.ServerConversion{
		ID: order.ID, Visitor: order.Visitor, Goal: "purchase", GoalID: purchaseGoalID(e.App, siteID),
		Value: order.Value, Currency: order.Currency, At: now.UTC(),
	}
	if err := analytics.RecordServerConversion(store, siteID, zones.SiteByID(e.App, siteID), c); err != nil {
		b.releaseOrder(e.App, rec, order)
		return err
	}
	logEntry(e.App, rec, "order", order.ID, 1, "received", Attempt{Status: http.StatusOK})
	settle(e.App, rec.Id, true, "", false)
	site, _ := e.App.FindRecordById("sites", siteID)
	domain := ""
	if site != nil {
		domain = site.GetString("domain")
	}
	b.Publish(Event{
		ID: "order_" + order.ID, Kind: EventConversion, SiteID: siteID, Domain: domain, At: now, Visitor: order.Visitor,
		Title:      "Purchase on " + domain,
		Conversion: &Conversion{Goal: "purchase", Value: order.Value, Currency: order.Currency, OrderID: order.ID, Email: order.Email, Source: rec.GetString("integration_type")},
	})
	return e.JSON(http.StatusOK, map[string]any{"counted": true, "order_id": order.ID, "value": order.Value})
}

// claimOrder stores the order's id under a unique index, so a webhook retried by the shop (they
// all retry on timeouts) counts once.
func (b *Bus) claimOrder(app core.App, rec *core.Record, order Order) bool {
	col, err := app.FindCollectionByNameOrId("integration_orders")
	if err != nil {
		return false
	}
	row := core.NewRecord(col)
	row.Set("site_id", rec.GetString("site_id"))
	row.Set("integration_id", rec.Id)
	row.Set("order_id", order.ID)
	row.Set("visitor", order.Visitor)
	row.Set("value", order.Value)
	row.Set("currency", order.Currency)
	return app.Save(row) == nil
}

func (b *Bus) releaseOrder(app core.App, rec *core.Record, order Order) {
	if row, err := app.FindFirstRecordByFilter("integration_orders", "integration_id = {:i} && order_id = {:o}",
		dbx.Params{"i": rec.Id, "o": order.ID}); err == nil {
		_ = app.Delete(row)
	}
}

// purchaseGoalID is the site's custom-event goal "purchase", if it has one (as the public API
// matches a server-side conversion to the goal of the same name).
func purchaseGoalID(app core.App, siteID string) string {
	g, err := app.FindFirstRecordByFilter("goals", "site_id = {:site} && type = 'event' && enabled = true && micro = false && match = 'purchase'",
		dbx.Params{"site": siteID})
	if err != nil {
		return ""
	}
	return g.Id
}
