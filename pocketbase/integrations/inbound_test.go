package integrations

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"
)

func base64Sig(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

func stripeSig(secret string, at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "." + string(body)))
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

const shopifyOrder = `{"id":820982911946154508,"email":"jon@example.com","total_price":"199.65","currency":"SEK",
 "note_attributes":[{"name":"gift","value":"no"},{"name":"cro_visitor_id","value":"v9f8e7d6c"}]}`

func TestShopifyOrderWebhook(t *testing.T) {
	body := []byte(shopifyOrder)
	h := http.Header{"X-Shopify-Hmac-Sha256": {base64Sig("shpss_secret", body)}, "X-Shopify-Topic": {"orders/create"}}
	o, err := VerifyAndParse("shopify", "shpss_secret", h, body, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	want := Order{ID: "shopify:820982911946154508", Visitor: "v9f8e7d6c", Value: 199.65, Currency: "SEK", Email: "jon@example.com"}
	if !reflect.DeepEqual(o, want) {
		t.Fatalf("got %+v", o)
	}
	for name, hdr := range map[string]http.Header{
		"other secret": {"X-Shopify-Hmac-Sha256": {base64Sig("other", body)}},
		"no header":    {},
		"not base64":   {"X-Shopify-Hmac-Sha256": {"%%%"}},
	} {
		if _, err := VerifyAndParse("shopify", "shpss_secret", hdr, body, time.Now()); !errors.Is(err, errSignature) {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if _, err := VerifyAndParse("shopify", "", h, body, time.Now()); !errors.Is(err, errSignature) {
		t.Fatal("no stored secret verifies nothing")
	}
}

func TestWooCommerceOrderWebhook(t *testing.T) {
	body := []byte(`{"id":727,"status":"processing","currency":"EUR","total":"29.35","billing":{"email":"a@b.se"},
	 "meta_data":[{"id":1,"key":"_cro_visitor_id","value":"vwoo12345"}]}`)
	h := http.Header{"X-Wc-Webhook-Signature": {base64Sig("wc_secret", body)}, "X-Wc-Webhook-Topic": {"order.created"}}
	o, err := VerifyAndParse("woocommerce", "wc_secret", h, body, time.Now())
	if err != nil || o.ID != "woocommerce:727" || o.Visitor != "vwoo12345" || o.Value != 29.35 || o.Ignore != "" {
		t.Fatalf("%+v %v", o, err)
	}
	pending := []byte(`{"id":728,"status":"pending","total":"5.00"}`)
	h.Set("X-WC-Webhook-Signature", base64Sig("wc_secret", pending))
	if o, _ := VerifyAndParse("woocommerce", "wc_secret", h, pending, time.Now()); o.Ignore == "" {
		t.Fatal("an unpaid order is not counted")
	}
}

func TestStripeCheckoutSessionCompleted(t *testing.T) {
	body := []byte(`{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1",
	 "client_reference_id":"vstripe99","amount_total":4999,"currency":"usd","payment_status":"paid","customer_details":{"email":"c@d.com"}}}}`)
	now := time.Now()
	h := http.Header{"Stripe-Signature": {stripeSig("whsec_x", now, body)}}
	o, err := VerifyAndParse("stripe", "whsec_x", h, body, now)
	if err != nil || o.ID != "stripe:cs_test_1" || o.Visitor != "vstripe99" || o.Value != 49.99 || o.Currency != "USD" {
		t.Fatalf("%+v %v", o, err)
	}
	old := http.Header{"Stripe-Signature": {stripeSig("whsec_x", now.Add(-10*time.Minute), body)}}
	if _, err := VerifyAndParse("stripe", "whsec_x", old, body, now); !errors.Is(err, errSignature) {
		t.Fatal("a replayed old signature must fail")
	}
	jpy := []byte(`{"id":"evt_2","type":"checkout.session.completed","data":{"object":{"id":"cs_2","client_reference_id":"vstripe99","amount_total":1500,"currency":"jpy","payment_status":"paid"}}}`)
	o, _ = VerifyAndParse("stripe", "whsec_x", http.Header{"Stripe-Signature": {stripeSig("whsec_x", now, jpy)}}, jpy, now)
	if o.Value != 1500 {
		t.Fatalf("yen have no cents: %v", o.Value)
	}
}

// An order's lines, coupon and the other ids its pages may name it by (ecommerce analytics).
func TestOrderLinesAndCoupon(t *testing.T) {
	body := []byte(`{"id":5001,"name":"#1001","order_number":1001,"total_price":"120.00","currency":"usd",
	 "discount_codes":[{"code":"SPRING"}],
	 "line_items":[{"sku":"SKU-1","product_id":77,"title":"Trail Runner","variant_title":"42","price":"50.00","quantity":2},
	  {"sku":"","product_id":78,"title":"Socks","price":"20.00","quantity":1}]}`)
	h := http.Header{"X-Shopify-Hmac-Sha256": {base64Sig("s", body)}, "X-Shopify-Topic": {"orders/paid"}}
	o, err := VerifyAndParse("shopify", "s", h, body, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	want := []OrderItem{{ID: "SKU-1", Name: "Trail Runner", Variant: "42", Price: 50, Quantity: 2}, {ID: "78", Name: "Socks", Price: 20, Quantity: 1}}
	if !reflect.DeepEqual(o.Items, want) || o.Coupon != "SPRING" || !reflect.DeepEqual(o.AltIDs, []string{"#1001", "1001"}) {
		t.Fatalf("got %+v", o)
	}
	body = []byte(`{"id":727,"number":"727","status":"completed","currency":"EUR","total":"29.35",
	 "coupon_lines":[{"code":"WELCOME"}],"line_items":[{"sku":"W-1","product_id":9,"name":"Mug","price":29.35,"quantity":1}]}`)
	h = http.Header{"X-Wc-Webhook-Signature": {base64Sig("w", body)}, "X-Wc-Webhook-Topic": {"order.updated"}}
	o, err = VerifyAndParse("woocommerce", "w", h, body, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(o.Items, []OrderItem{{ID: "W-1", Name: "Mug", Price: 29.35, Quantity: 1}}) || o.Coupon != "WELCOME" {
		t.Fatalf("got %+v", o)
	}
}
