package ecommerce

import (
	"encoding/json"
	"strings"
	"time"

	"cro/pocketbase/integrations"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// serverOrder records a paid order a shop's server reported (a verified Shopify, WooCommerce or
// Stripe webhook): it replaces the browser's figures of the same order (the server's figure wins:
// value, currency, lines, coupon) and keeps the browser's session and time; a retried webhook
// writes the same figures again.
func serverOrder(app core.App, siteID string, o integrations.Order, now time.Time) {
	site, err := app.FindRecordById("sites", siteID)
	if err != nil || !planAllows(site) {
		return
	}
	origin, _, _ := strings.Cut(o.ID, ":")
	id := platformID(o.ID)
	ids := append([]string{id}, o.AltIDs...)
	alt := "|" + strings.Join(ids, "|") + "|"
	items := make([]Item, 0, len(o.Items))
	for _, l := range o.Items {
		q := l.Quantity
		if q < 1 {
			q = 1
		}
		name := l.Name
		if name == "" {
			name = l.ID
		}
		items = append(items, Item{ID: l.ID, Name: name, Variant: l.Variant, Price: Cents(l.Price), Quantity: q})
	}
	lines, _ := json.Marshal(items)
	p := dbx.Params{"site": siteID, "value": Cents(o.Value), "currency": strings.ToUpper(o.Currency), "coupon": o.Coupon,
		"items": string(lines), "origin": origin, "visitor": o.Visitor, "alt": alt}
	if row := findOrder(app, siteID, ids); row != nil {
		p["id"] = row.ID
		q := `UPDATE ecommerce_orders SET value = {:value}, currency = {:currency}, origin = {:origin}, alt_ids = {:alt},
			visitor = CASE WHEN visitor = '' THEN {:visitor} ELSE visitor END`
		if o.Coupon != "" {
			q += `, coupon = {:coupon}`
		}
		if len(items) > 0 {
			q += `, items = {:items}`
		}
		if _, err := app.DB().NewQuery(q + ` WHERE id = {:id}`).Bind(p).Execute(); err != nil {
			app.Logger().Warn("ecommerce: updating an order failed", "error", err)
		}
		return
	}
	p["id"], p["order"], p["ts"] = newID(), id, now.UnixMilli()
	_, err = app.DB().NewQuery(`INSERT OR IGNORE INTO ecommerce_orders (id, site_id, order_id, alt_ids, visitor, session, ts, value,
		currency, coupon, items, origin) VALUES ({:id}, {:site}, {:order}, {:alt}, {:visitor}, '', {:ts}, {:value}, {:currency},
		{:coupon}, {:items}, {:origin})`).Bind(p).Execute()
	if err != nil {
		app.Logger().Warn("ecommerce: storing an order failed", "error", err)
	}
}
