package integrations

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

var at = time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)

func conversionEvent() Event {
	return Event{
		ID: "order_shopify:1001", Kind: EventConversion, SiteID: "site123", Domain: "shop.example.com", At: at, Visitor: "v_visitor42",
		Title:      "Purchase on shop.example.com",
		Conversion: &Conversion{Goal: "purchase", Value: 149.5, Currency: "eur", OrderID: "shopify:1001", Email: " Ann@Example.com ", Source: "shopify"},
	}
}

func exposureEvent() Event {
	return Event{
		ID: "xp_1", Kind: EventExposure, SiteID: "site123", Domain: "shop.example.com", At: at, Visitor: "v_visitor42",
		Exposure: &Exposure{ExperimentID: "exp1", ExperimentName: "Checkout button", Variant: "green"},
	}
}

func deliverTo(t *testing.T, s *standIn, tg target, ev Event, debug bool) Attempt {
	t.Helper()
	req, err := buildRequest(tg, ev, debug)
	if err != nil {
		t.Fatal(err)
	}
	return send(context.Background(), allowing(s), req)
}

func TestSlackIncomingWebhookGetsText(t *testing.T) {
	s := newStandIn(t, func(r received) (int, string) {
		m := jsonObject(t, r.Body)
		if text, ok := m["text"].(string); !ok || text == "" || r.Header.Get("Content-Type") != "application/json" {
			return 400, "invalid_payload"
		}
		return 200, "ok"
	})
	ev := Event{ID: "rollback_1", Kind: EventRollback, Title: "Optimization rolled back automatically on a.com: Copy", Text: "Error rate 50%", At: at}
	a := deliverTo(t, s, target{Type: "slack", Credentials: map[string]string{"webhook_url": s.URL + "/services/T1/B1/x"}}, ev, false)
	if !a.OK() || a.Status != 200 {
		t.Fatalf("attempt %+v", a)
	}
	text := jsonObject(t, s.requests()[0].Body)["text"].(string)
	if !strings.Contains(text, "*Optimization rolled back automatically on a.com: Copy*") || !strings.Contains(text, "Error rate 50%") {
		t.Fatalf("text %q", text)
	}
}

func TestWebhookIsSignedWithTimestampAndIdempotencyKey(t *testing.T) {
	const secret = "whsec_test_0123456789"
	s := newStandIn(t, func(r received) (int, string) {
		sig := r.Header.Get("X-CRO-Signature")
		m := regexp.MustCompile(`^t=(\d+),v1=([0-9a-f]{64})$`).FindStringSubmatch(sig)
		if m == nil {
			return 400, "bad signature header"
		}
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write([]byte(m[1] + "."))
		mac.Write(r.Body)
		if hex.EncodeToString(mac.Sum(nil)) != m[2] {
			return 401, "signature mismatch"
		}
		ts, _ := strconv.ParseInt(m[1], 10, 64)
		if d := time.Since(time.Unix(ts, 0)); d > time.Minute || d < -time.Minute {
			return 401, "stale"
		}
		return 202, ""
	})
	a := deliverTo(t, s, target{Type: "webhook", Settings: map[string]any{"url": s.URL + "/hooks/cro"},
		Credentials: map[string]string{"secret": secret}}, conversionEvent(), false)
	if !a.OK() {
		t.Fatalf("attempt %+v", a)
	}
	r := s.requests()[0]
	if r.Header.Get("Idempotency-Key") != "order_shopify:1001" {
		t.Fatalf("idempotency key %q", r.Header.Get("Idempotency-Key"))
	}
	body := jsonObject(t, r.Body)
	data := body["data"].(map[string]any)
	if body["type"] != "conversion" || body["id"] != "order_shopify:1001" || data["value"] != 149.5 || data["visitor_id"] != "v_visitor42" {
		t.Fatalf("body %s", r.Body)
	}
	if strings.Contains(string(r.Body), "Ann@Example.com") {
		t.Fatal("the buyer's address must not be sent to webhooks")
	}
}

// The GA4 debug endpoint answers {"validationMessages": [...]}: the stand-in applies the
// documented rules (measurement_id and api_secret in the query, client_id, 1-25 events whose
// names are letters, digits and underscores starting with a letter, at most 40 characters, and
// params that are not reserved).
func ga4DebugStandIn(t *testing.T) *standIn {
	name := regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,39}$`)
	return newStandIn(t, func(r received) (int, string) {
		q, _ := url.ParseQuery(r.Query)
		var msgs []string
		if q.Get("measurement_id") == "" || q.Get("api_secret") == "" {
			msgs = append(msgs, `{"fieldPath":"measurement_id","description":"Measurement ID and API secret are required.","validationCode":"VALUE_REQUIRED"}`)
		}
		m := jsonObject(t, r.Body)
		if id, _ := m["client_id"].(string); id == "" {
			msgs = append(msgs, `{"fieldPath":"client_id","description":"client_id is required.","validationCode":"VALUE_REQUIRED"}`)
		}
		events, _ := m["events"].([]any)
		if len(events) == 0 || len(events) > 25 {
			msgs = append(msgs, `{"fieldPath":"events","description":"1 to 25 events.","validationCode":"VALUE_OUT_OF_BOUNDS"}`)
		}
		for _, e := range events {
			ev := e.(map[string]any)
			n, _ := ev["name"].(string)
			if !name.MatchString(n) || strings.HasPrefix(n, "google_") || strings.HasPrefix(n, "ga_") || strings.HasPrefix(n, "firebase_") {
				msgs = append(msgs, fmt.Sprintf(`{"fieldPath":"events","description":"Event name %s is invalid.","validationCode":"NAME_INVALID"}`, n))
			}
			params, _ := ev["params"].(map[string]any)
			if len(params) > 25 {
				msgs = append(msgs, `{"fieldPath":"events.params","description":"Too many params.","validationCode":"VALUE_OUT_OF_BOUNDS"}`)
			}
		}
		if r.Path == "/debug/mp/collect" {
			return 200, `{"validationMessages":[` + strings.Join(msgs, ",") + `]}`
		}
		if r.Path != "/mp/collect" {
			return 404, ""
		}
		return 204, ""
	})
}

func TestGA4MeasurementProtocolPassesTheDebugEndpoint(t *testing.T) {
	s := ga4DebugStandIn(t)
	t.Setenv("CRO_INTEGRATION_ENDPOINTS", "ga4="+s.URL)
	ga := target{Type: "google_analytics", Settings: map[string]any{"property_id": "G-ABC123XYZ"}, Credentials: map[string]string{"api_secret": "sec"}}
	for _, ev := range []Event{conversionEvent(), exposureEvent(), {ID: "t", Kind: EventTest, At: at, SiteID: "site123"}} {
		if a := deliverTo(t, s, ga, ev, true); !a.OK() {
			t.Fatalf("%s: %+v", ev.Kind, a)
		}
	}
	body := jsonObject(t, s.requests()[0].Body)
	event := body["events"].([]any)[0].(map[string]any)
	params := event["params"].(map[string]any)
	if event["name"] != "purchase" || params["transaction_id"] != "shopify:1001" || params["currency"] != "EUR" || body["client_id"] != "v_visitor42" {
		t.Fatalf("GA4 body %v", body)
	}
	if name := jsonObject(t, s.requests()[1].Body)["events"].([]any)[0].(map[string]any)["name"]; name != "experiment_exposure" {
		t.Fatalf("exposure event name %v", name)
	}
	// A refusal of the debug endpoint is the test's failure, with GA4's own words.
	bad := ga
	bad.Settings = map[string]any{"property_id": "UA-1234-1"}
	if _, err := buildRequest(bad, conversionEvent(), true); err == nil {
		t.Fatal("a Universal Analytics id has no Measurement Protocol for GA4")
	}
}

func TestSegmentMixpanelAmplitudeGetTheirDocumentedShapes(t *testing.T) {
	segment := newStandIn(t, func(r received) (int, string) {
		user, _, _ := strings.Cut(mustBasic(r.Header.Get("Authorization")), ":")
		m := jsonObject(t, r.Body)
		if r.Path != "/v1/track" || user != "wk_123" || m["anonymousId"] == nil || m["event"] == nil || m["messageId"] == nil {
			return 400, `{"success":false}`
		}
		if _, err := time.Parse(time.RFC3339Nano, m["timestamp"].(string)); err != nil {
			return 400, `{"success":false}`
		}
		return 200, `{"success":true}`
	})
	mixpanel := newStandIn(t, func(r received) (int, string) {
		var batch []map[string]any
		if err := jsonUnmarshal(r.Body, &batch); err != nil || len(batch) != 1 || r.Path != "/track" {
			return 400, `{"status":0,"error":"bad body"}`
		}
		p := batch[0]["properties"].(map[string]any)
		ins, _ := p["$insert_id"].(string)
		if p["token"] != "tok" || p["distinct_id"] != "v_visitor42" || p["time"] == nil || len(ins) == 0 || len(ins) > 36 {
			return 200, `{"status":0,"error":"missing token, distinct_id, time or $insert_id"}`
		}
		return 200, `{"status":1,"error":null}`
	})
	amplitude := newStandIn(t, func(r received) (int, string) {
		m := jsonObject(t, r.Body)
		events, _ := m["events"].([]any)
		if r.Path != "/2/httpapi" || m["api_key"] != "amp" || len(events) != 1 {
			return 400, `{"code":400,"error":"missing api_key or events"}`
		}
		e := events[0].(map[string]any)
		if id, _ := e["device_id"].(string); len(id) < 5 || e["event_type"] == nil || e["insert_id"] == nil {
			return 400, `{"code":400,"error":"device_id of 5 characters and event_type are required"}`
		}
		return 200, `{"code":200,"events_ingested":1}`
	})
	t.Setenv("CRO_INTEGRATION_ENDPOINTS", fmt.Sprintf("segment=%s,mixpanel=%s,amplitude=%s", segment.URL, mixpanel.URL, amplitude.URL))
	cases := []struct {
		s  *standIn
		tg target
	}{
		{segment, target{Type: "segment", Credentials: map[string]string{"write_key": "wk_123"}}},
		{mixpanel, target{Type: "mixpanel", Credentials: map[string]string{"project_token": "tok"}}},
		{amplitude, target{Type: "amplitude", Credentials: map[string]string{"api_key": "amp"}}},
	}
	for _, c := range cases {
		for _, ev := range []Event{conversionEvent(), exposureEvent()} {
			if a := deliverTo(t, c.s, c.tg, ev, false); !a.OK() {
				t.Fatalf("%s %s: %+v", c.tg.Type, ev.Kind, a)
			}
		}
	}
	if ev := jsonObject(t, segment.requests()[0].Body)["event"]; ev != "Order Completed" {
		t.Fatalf("segment event %v", ev)
	}
	// Mixpanel answers 200 with status 0 when it drops an event: that is a failure.
	if a := deliverTo(t, mixpanel, target{Type: "mixpanel", Credentials: map[string]string{"project_token": "other"}}, conversionEvent(), false); a.OK() {
		t.Fatal("a refused Mixpanel event counted as delivered")
	}
}

func TestFacebookConversionsAPISendsOnlyHashedIdentifiers(t *testing.T) {
	hash := regexp.MustCompile(`^[0-9a-f]{64}$`)
	s := newStandIn(t, func(r received) (int, string) {
		m := jsonObject(t, r.Body)
		data, _ := m["data"].([]any)
		if r.Path != "/v19.0/123456789/events" || m["access_token"] != "EAAB" || len(data) != 1 {
			return 400, `{"error":{"message":"Invalid parameter"}}`
		}
		e := data[0].(map[string]any)
		user := e["user_data"].(map[string]any)
		for _, k := range []string{"em", "external_id"} {
			for _, v := range user[k].([]any) {
				if !hash.MatchString(v.(string)) {
					return 400, `{"error":{"message":"user_data must be hashed"}}`
				}
			}
		}
		if e["event_name"] == nil || e["event_time"] == nil || e["action_source"] != "website" {
			return 400, `{"error":{"message":"Invalid parameter"}}`
		}
		return 200, `{"events_received":1,"fbtrace_id":"A1"}`
	})
	t.Setenv("CRO_INTEGRATION_ENDPOINTS", "facebook="+s.URL)
	a := deliverTo(t, s, target{Type: "facebook_pixel", Settings: map[string]any{"pixel_id": "123456789"}, Credentials: map[string]string{"access_token": "EAAB"}},
		conversionEvent(), false)
	if !a.OK() {
		t.Fatalf("%+v", a)
	}
	body := string(s.requests()[0].Body)
	if strings.Contains(strings.ToLower(body), "ann@example.com") || strings.Contains(body, "v_visitor42") {
		t.Fatalf("a clear identifier left: %s", body)
	}
	if !strings.Contains(body, HashIdentifier("ann@example.com")) {
		t.Fatal("the address is hashed after trimming and lower-casing")
	}
}

func TestGuardRefusesLoopbackUnlessAllowed(t *testing.T) {
	s := newStandIn(t, func(received) (int, string) { return 200, "ok" })
	req, _ := buildRequest(target{Type: "slack", Credentials: map[string]string{"webhook_url": s.URL}}, Event{Kind: EventTest, At: at}, false)
	a := send(context.Background(), allowing(), req)
	if a.OK() || !strings.Contains(a.Err, "not allowed") || len(s.requests()) != 0 {
		t.Fatalf("loopback reached: %+v", a)
	}
}

func mustBasic(h string) string {
	b, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(h, "Basic "))
	return string(b)
}
