package integrations

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Order is a purchase an inbound webhook reports, once its signature has been verified.
type Order struct {
	ID       string
	Visitor  string // the tracker's visitor id the shop carried through checkout
	Value    float64
	Currency string
	Email    string
	// Ignore says why a verified, well-formed webhook is not a purchase to count ("" to count it).
	Ignore string
	// The order's lines and coupon (Shopify and WooCommerce send them; a Stripe event does not),
	// and the other ids a shop's pages may name it by (Shopify's "#1001" and 1001), for ecommerce.
	Items  []OrderItem
	Coupon string
	AltIDs []string
}

// OrderItem is one line of an order as the shop reports it.
type OrderItem struct {
	ID, Name, Variant string
	Price             float64
	Quantity          int
}

// OnOrder, set by pocketbase/ecommerce, receives every verified paid order (with or without the
// visitor's id) before it is counted as a conversion; it must not fail the webhook.
var OnOrder func(app core.App, siteID string, order Order, now time.Time)

// VisitorKey is the name shops carry the tracker's visitor id under (Shopify cart attribute, order
// meta in WooCommerce; Stripe Checkout uses client_reference_id).
const VisitorKey = "cro_visitor_id"

var errSignature = errors.New("invalid signature")

// stripeTolerance is how old a Stripe signature's timestamp may be (Stripe's own libraries: 5 min).
const stripeTolerance = 5 * time.Minute

var visitorID = regexp.MustCompile(`^[A-Za-z0-9_-]{4,64}$`)

// VerifyAndParse checks an inbound webhook's signature with the integration's secret, then reads
// the order. A bad or missing signature is errSignature and nothing in the body is looked at.
func VerifyAndParse(kind, secret string, h http.Header, body []byte, now time.Time) (Order, error) {
	if secret == "" {
		return Order{}, errSignature
	}
	switch kind {
	case "shopify":
		if !base64MAC(secret, body, h.Get("X-Shopify-Hmac-Sha256")) {
			return Order{}, errSignature
		}
		return parseShopify(h.Get("X-Shopify-Topic"), body)
	case "woocommerce":
		if !base64MAC(secret, body, h.Get("X-WC-Webhook-Signature")) {
			return Order{}, errSignature
		}
		return parseWooCommerce(h.Get("X-WC-Webhook-Topic"), body)
	case "stripe":
		if !stripeSignatureOK(secret, h.Get("Stripe-Signature"), body, now) {
			return Order{}, errSignature
		}
		return parseStripe(body)
	}
	return Order{}, errors.New("this integration does not receive webhooks")
}

// base64MAC: Shopify and WooCommerce both sign the raw body with HMAC-SHA256, base64-encoded.
func base64MAC(secret string, body []byte, header string) bool {
	got, err := base64.StdEncoding.DecodeString(strings.TrimSpace(header))
	if err != nil || len(got) == 0 {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hmac.Equal(got, m.Sum(nil))
}

// stripeSignatureOK: Stripe-Signature "t=<unix>,v1=<hex HMAC-SHA256 of "t.body">" (several v1 while
// a secret rolls), within the tolerance.
func stripeSignatureOK(secret, header string, body []byte, now time.Time) bool {
	var ts string
	var sigs []string
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			sigs = append(sigs, v)
		}
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return false
	}
	if d := now.Sub(time.Unix(sec, 0)); d > stripeTolerance || d < -stripeTolerance {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	want := m.Sum(nil)
	for _, s := range sigs {
		if got, err := hex.DecodeString(s); err == nil && hmac.Equal(got, want) {
			return true
		}
	}
	return false
}

// money reads a decimal amount sent as a string or a number.
func money(v any) float64 {
	switch x := v.(type) {
	case string:
		f, _ := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f
	case float64:
		return x
	}
	return 0
}

func cleanVisitor(v any) string {
	s, _ := v.(string)
	s = strings.TrimSpace(s)
	if !visitorID.MatchString(s) {
		return ""
	}
	return s
}

// Shopify orders/create and orders/paid: the storefront sets the cart attribute cro_visitor_id,
// which the order carries in note_attributes.
func parseShopify(topic string, body []byte) (Order, error) {
	var o struct {
		ID             json.Number `json:"id"`
		TotalPrice     any         `json:"total_price"`
		Currency       string      `json:"currency"`
		Email          string      `json:"email"`
		NoteAttributes []struct {
			Name  string `json:"name"`
			Value any    `json:"value"`
		} `json:"note_attributes"`
		Name          string      `json:"name"`
		OrderNumber   json.Number `json:"order_number"`
		DiscountCodes []struct {
			Code string `json:"code"`
		} `json:"discount_codes"`
		LineItems []struct {
			SKU          string      `json:"sku"`
			ProductID    json.Number `json:"product_id"`
			Title        string      `json:"title"`
			VariantTitle string      `json:"variant_title"`
			Price        any         `json:"price"`
			Quantity     int         `json:"quantity"`
		} `json:"line_items"`
	}
	if err := json.Unmarshal(body, &o); err != nil || o.ID == "" {
		return Order{}, errors.New("the body is not a Shopify order")
	}
	out := Order{ID: "shopify:" + o.ID.String(), Value: roundCents(money(o.TotalPrice)), Currency: strings.ToUpper(o.Currency), Email: o.Email}
	out.AltIDs = nonEmpty(o.Name, o.OrderNumber.String())
	if len(o.DiscountCodes) > 0 {
		out.Coupon = o.DiscountCodes[0].Code
	}
	for _, l := range o.LineItems {
		id := l.SKU
		if id == "" {
			id = l.ProductID.String()
		}
		out.Items = append(out.Items, OrderItem{ID: id, Name: l.Title, Variant: l.VariantTitle, Price: roundCents(money(l.Price)), Quantity: l.Quantity})
	}
	for _, a := range o.NoteAttributes {
		if a.Name == VisitorKey {
			out.Visitor = cleanVisitor(a.Value)
		}
	}
	if topic != "" && topic != "orders/create" && topic != "orders/paid" {
		out.Ignore = "topic " + topic + " is not an order"
	}
	return out, nil
}

// WooCommerce order.created / order.updated: the shop stores cro_visitor_id in the order's meta
// (a hidden checkout field); counted once the order is processing or completed.
func parseWooCommerce(topic string, body []byte) (Order, error) {
	var o struct {
		ID       json.Number `json:"id"`
		Status   string      `json:"status"`
		Total    any         `json:"total"`
		Currency string      `json:"currency"`
		Billing  struct {
			Email string `json:"email"`
		} `json:"billing"`
		MetaData []struct {
			Key   string `json:"key"`
			Value any    `json:"value"`
		} `json:"meta_data"`
		Number      string `json:"number"`
		CouponLines []struct {
			Code string `json:"code"`
		} `json:"coupon_lines"`
		LineItems []struct {
			SKU       string      `json:"sku"`
			ProductID json.Number `json:"product_id"`
			Name      string      `json:"name"`
			Price     any         `json:"price"`
			Quantity  int         `json:"quantity"`
		} `json:"line_items"`
	}
	if err := json.Unmarshal(body, &o); err != nil || o.ID == "" {
		return Order{}, errors.New("the body is not a WooCommerce order")
	}
	out := Order{ID: "woocommerce:" + o.ID.String(), Value: roundCents(money(o.Total)), Currency: strings.ToUpper(o.Currency), Email: o.Billing.Email}
	out.AltIDs = nonEmpty(o.Number)
	if len(o.CouponLines) > 0 {
		out.Coupon = o.CouponLines[0].Code
	}
	for _, l := range o.LineItems {
		id := l.SKU
		if id == "" {
			id = l.ProductID.String()
		}
		out.Items = append(out.Items, OrderItem{ID: id, Name: l.Name, Price: roundCents(money(l.Price)), Quantity: l.Quantity})
	}
	for _, m := range o.MetaData {
		if strings.TrimPrefix(m.Key, "_") == VisitorKey {
			out.Visitor = cleanVisitor(m.Value)
		}
	}
	if topic != "" && !strings.HasPrefix(topic, "order.") {
		out.Ignore = "topic " + topic + " is not an order"
	} else if o.Status != "processing" && o.Status != "completed" {
		out.Ignore = "order status " + o.Status + " is not paid"
	}
	return out, nil
}

// zeroDecimal are Stripe's currencies whose amounts are not in hundredths.
var zeroDecimal = map[string]bool{
	"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true, "krw": true, "mga": true, "pyg": true,
	"rwf": true, "ugx": true, "vnd": true, "vuv": true, "xaf": true, "xof": true, "xpf": true,
}

// Stripe checkout.session.completed: Checkout is created with client_reference_id = the visitor id.
func parseStripe(body []byte) (Order, error) {
	var ev struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		Data struct {
			Object struct {
				ID                string  `json:"id"`
				ClientReferenceID string  `json:"client_reference_id"`
				AmountTotal       float64 `json:"amount_total"`
				Currency          string  `json:"currency"`
				PaymentStatus     string  `json:"payment_status"`
				CustomerDetails   struct {
					Email string `json:"email"`
				} `json:"customer_details"`
			} `json:"object"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &ev); err != nil || ev.Type == "" {
		return Order{}, errors.New("the body is not a Stripe event")
	}
	s := ev.Data.Object
	if ev.Type != "checkout.session.completed" {
		return Order{ID: "stripe:" + ev.ID, Ignore: "event " + ev.Type + " is not a completed checkout"}, nil
	}
	value := s.AmountTotal / 100
	if zeroDecimal[strings.ToLower(s.Currency)] {
		value = s.AmountTotal
	}
	out := Order{ID: "stripe:" + s.ID, Visitor: cleanVisitor(s.ClientReferenceID), Value: roundCents(value),
		Currency: strings.ToUpper(s.Currency), Email: s.CustomerDetails.Email}
	if s.PaymentStatus != "paid" {
		out.Ignore = "payment status " + s.PaymentStatus + " is not paid"
	}
	return out, nil
}

func roundCents(v float64) float64 {
	if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return math.Round(v*100) / 100
}

// nonEmpty keeps the ids that are set.
func nonEmpty(ids ...string) []string {
	var out []string
	for _, id := range ids {
		if id = strings.TrimSpace(id); id != "" {
			out = append(out, id)
		}
	}
	return out
}
