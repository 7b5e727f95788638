package ecommerce

import (
	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"encoding/json"
	"strings"
	"sync"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/security"
)

const idAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func newID() string { return security.RandomStringWithAlphabet(15, idAlphabet) }

// ingest reads the ecommerce events of each stored batch (analytics.AlsoCollect) for sites that
// capture them: one ecommerce_events row each, the purchase's order, and the session's source and
// device for cart abandonment's breakdowns.
type ingest struct {
	app     core.App
	capture *capture
	mu      sync.Mutex
	// sessions are the entry source and device of the sessions seen in this process (bounded):
	// a session's row is written only once it has an ecommerce event, so other sessions cost none.
	sessions map[string]*entrySession
}

type entrySession struct {
	source, device string
	stored         bool
}

func (in *ingest) collect(siteID string, b *eventstore.Batch, device string) {
	var entry *eventstore.Event
	ecommerce := false
	for i := range b.Events {
		ev := &b.Events[i]
		if ev.Type == "ev" && IsEcommerceName(ev.Name) {
			ecommerce = true
		}
		if ev.Type == "pv" && entry == nil {
			entry = ev
		}
	}
	if (!ecommerce && entry == nil) || !in.capture.on(siteID) {
		return
	}
	app := in.app
	if entry != nil {
		in.noteEntry(siteID, b.Session, collect.Source(entry.Referrer), device)
	}
	if !ecommerce {
		return
	}
	in.storeSession(siteID, b.Session)
	for _, ev := range b.Events {
		if ev.Type != "ev" {
			continue
		}
		e, ok, err := ParseEvent(ev.Name, ev.Value, ev.Props)
		if !ok || err != nil {
			continue // not an ecommerce event, or an invalid one: it stays a plain custom event
		}
		ts := int64(ev.TS)
		items, _ := json.Marshal(e.Items)
		_, err = app.DB().NewQuery(`INSERT INTO ecommerce_events (id, site_id, visitor, session, ts, kind, source, fingerprint, order_id,
			value, currency, coupon, step, items) VALUES ({:id}, {:site}, {:visitor}, {:session}, {:ts}, {:kind}, {:source}, {:fp}, {:order},
			{:value}, {:currency}, {:coupon}, {:step}, {:items})`).Bind(dbx.Params{
			"id": newID(), "site": siteID, "visitor": b.Visitor, "session": b.Session, "ts": ts, "kind": e.Kind, "source": e.Source,
			"fp": e.Fingerprint, "order": e.OrderID, "value": e.Value, "currency": e.Currency, "coupon": e.Coupon, "step": e.Step,
			"items": string(items)}).Execute()
		if err != nil {
			app.Logger().Warn("ecommerce: storing an event failed", "error", err)
			continue
		}
		if e.Kind == "purchase" {
			browserOrder(app, siteID, b.Visitor, b.Session, ts, e)
		}
	}
}

// noteEntry remembers a session's source and device from its first batch with a page view.
func (in *ingest) noteEntry(siteID, session, source, device string) {
	key := siteID + "|" + session
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.sessions[key] != nil {
		return
	}
	if len(in.sessions) > 200000 {
		in.sessions = map[string]*entrySession{}
	}
	in.sessions[key] = &entrySession{source: source, device: device}
}

// storeSession writes the session's source and device once, when it has an ecommerce event (a
// session this process did not see start, after a restart, stays without: "(unknown)").
func (in *ingest) storeSession(siteID, session string) {
	in.mu.Lock()
	s := in.sessions[siteID+"|"+session]
	if s == nil || s.stored {
		in.mu.Unlock()
		return
	}
	s.stored = true
	source, device := s.source, s.device
	in.mu.Unlock()
	_, err := in.app.DB().NewQuery(`INSERT OR IGNORE INTO ecommerce_sessions (id, site_id, session, source, device)
		VALUES ({:id}, {:site}, {:session}, {:source}, {:device})`).
		Bind(dbx.Params{"id": newID(), "site": siteID, "session": session, "source": source, "device": device}).Execute()
	if err != nil {
		in.app.Logger().Warn("ecommerce: storing a session's source failed", "error", err)
	}
}

type orderRow struct {
	ID      string `db:"id"`
	Origin  string `db:"origin"`
	Session string `db:"session"`
	Visitor string `db:"visitor"`
	AltIDs  string `db:"alt_ids"`
}

// findOrder finds the site's order known by any of the ids (its own or one of its other ids).
func findOrder(app core.App, siteID string, ids []string) *orderRow {
	for _, id := range ids {
		var row orderRow
		err := app.DB().NewQuery(`SELECT id, origin, session, visitor, alt_ids FROM ecommerce_orders WHERE site_id = {:site}
			AND (order_id = {:id} OR instr(alt_ids, {:alt}) > 0) LIMIT 1`).
			Bind(dbx.Params{"site": siteID, "id": id, "alt": "|" + id + "|"}).One(&row)
		if err == nil {
			return &row
		}
	}
	return nil
}

// browserOrder records a purchase the browser reported, unless the order is known: a second
// report of it (the other source, a reload) changes nothing, and the shop's server's figure, when
// it came first, is kept; the browser then only tells which session the order ended.
func browserOrder(app core.App, siteID, visitor, session string, ts int64, e Event) {
	if row := findOrder(app, siteID, []string{e.OrderID}); row != nil {
		if row.Session == "" {
			_, _ = app.DB().NewQuery(`UPDATE ecommerce_orders SET session = {:session}, visitor = CASE WHEN visitor = '' THEN {:visitor} ELSE visitor END
				WHERE id = {:id}`).Bind(dbx.Params{"session": session, "visitor": visitor, "id": row.ID}).Execute()
		}
		return
	}
	items, _ := json.Marshal(e.Items)
	_, err := app.DB().NewQuery(`INSERT OR IGNORE INTO ecommerce_orders (id, site_id, order_id, alt_ids, visitor, session, ts, value, currency,
		coupon, items, origin) VALUES ({:id}, {:site}, {:order}, {:alt}, {:visitor}, {:session}, {:ts}, {:value}, {:currency}, {:coupon},
		{:items}, 'browser')`).Bind(dbx.Params{"id": newID(), "site": siteID, "order": e.OrderID, "alt": "|" + e.OrderID + "|",
		"visitor": visitor, "session": session, "ts": ts, "value": e.Value, "currency": e.Currency, "coupon": e.Coupon,
		"items": string(items)}).Execute()
	if err != nil {
		app.Logger().Warn("ecommerce: storing an order failed", "error", err)
	}
}

// platformID is an order webhook's id without its platform prefix ("shopify:1001" -> "1001").
func platformID(id string) string {
	if _, rest, ok := strings.Cut(id, ":"); ok {
		return rest
	}
	return id
}
