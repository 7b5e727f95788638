package integrations

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// vendorBases are the vendors' API origins; CRO_INTEGRATION_ENDPOINTS ("ga4=http://127.0.0.1:9000,
// segment=...") points them at the tests' stand-ins.
var defaultBases = map[string]string{
	"ga4":       "https://www.google-analytics.com",
	"segment":   "https://api.segment.io",
	"mixpanel":  "https://api.mixpanel.com",
	"amplitude": "https://api2.amplitude.com",
	"facebook":  "https://graph.facebook.com",
}

func vendorBase(name string) string {
	for _, item := range strings.Split(os.Getenv("CRO_INTEGRATION_ENDPOINTS"), ",") {
		if k, v, ok := strings.Cut(strings.TrimSpace(item), "="); ok && k == name {
			return strings.TrimRight(v, "/")
		}
	}
	return defaultBases[name]
}

// outRequest is one HTTP request to a vendor, built before any network use.
type outRequest struct {
	URL    string
	Header http.Header
	Body   []byte
	// check reads a 2xx answer's body for a failure the vendor reports with a success status.
	check func(body []byte) error
	// redact clears the integration's credentials from any text about this request.
	redact redactor
}

// target is what a delivery needs of an integration record.
type target struct {
	Type        string
	Settings    map[string]any
	Credentials map[string]string
}

func (t target) setting(k string) string {
	s, _ := t.Settings[k].(string)
	return strings.TrimSpace(s)
}

var errNotConfigured = errors.New("not configured")

// buildRequest formats ev for the integration's vendor, in the payload shape the vendor documents.
// debug asks vendors with a validation endpoint (GA4) to validate instead of record.
func buildRequest(t target, ev Event, debug bool) (*outRequest, error) {
	r, err := vendorRequest(t, ev, debug)
	if err != nil {
		return nil, errors.New(newRedactor(t).text(err.Error()))
	}
	r.redact = newRedactor(t)
	return r, nil
}

func vendorRequest(t target, ev Event, debug bool) (*outRequest, error) {
	switch t.Type {
	case "slack":
		return slackRequest(t, ev)
	case "webhook", "zapier":
		return webhookRequest(t, ev, time.Now())
	case "google_analytics":
		return ga4Request(t, ev, debug)
	case "segment":
		return segmentRequest(t, ev)
	case "mixpanel":
		return mixpanelRequest(t, ev)
	case "amplitude":
		return amplitudeRequest(t, ev)
	case "facebook_pixel":
		return facebookRequest(t, ev)
	}
	return nil, fmt.Errorf("%s does not deliver events", t.Type)
}

func jsonRequest(u string, body any) (*outRequest, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	return &outRequest{URL: u, Header: h, Body: b}, nil
}

// ---- Slack: an incoming webhook takes {"text"} with mrkdwn and answers "ok".

func slackRequest(t target, ev Event) (*outRequest, error) {
	hook := t.Credentials["webhook_url"]
	if hook == "" {
		return nil, errNotConfigured
	}
	text := "*" + ev.Title + "*"
	if ev.Text != "" {
		text += "\n" + ev.Text
	}
	if ev.Link != "" && appURL() != "" {
		text += fmt.Sprintf("\n<%s%s|Open in Upliftly>", appURL(), ev.Link)
	}
	return jsonRequest(hook, map[string]any{"text": text})
}

func appURL() string {
	if v := strings.TrimRight(os.Getenv("APP_URL"), "/"); v != "" {
		return v
	}
	return "http://127.0.0.1:8090"
}

// ---- Generic webhook (also Zapier and Make): signed JSON.

// WebhookBody is the JSON every webhook receives.
func webhookBody(ev Event) map[string]any {
	data := map[string]any{}
	for k, v := range ev.Data {
		data[k] = v
	}
	data["summary"] = ev.Title
	if ev.Text != "" {
		data["details"] = ev.Text
	}
	if ev.Visitor != "" {
		data["visitor_id"] = ev.Visitor
	}
	if c := ev.Conversion; c != nil {
		data["goal"], data["value"], data["currency"], data["order_id"], data["source"] = c.Goal, c.Value, c.Currency, c.OrderID, c.Source
	}
	if x := ev.Exposure; x != nil {
		data["experiment_id"], data["variant"] = x.ExperimentID, x.Variant
	}
	return map[string]any{
		"id": ev.ID, "type": ev.Kind, "created_at": ev.At.UTC().Format(time.RFC3339),
		"site": map[string]any{"id": ev.SiteID, "domain": ev.Domain}, "data": data,
	}
}

// Signature is the X-CRO-Signature value: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">.
// The timestamp inside the signed text lets a receiver refuse replays of an old delivery.
func Signature(secret string, at time.Time, body []byte) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + "."))
	m.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(m.Sum(nil))
}

func webhookRequest(t target, ev Event, now time.Time) (*outRequest, error) {
	u := t.setting("url")
	if t.Type == "zapier" {
		u = t.Credentials["webhook_url"]
	}
	if u == "" {
		return nil, errNotConfigured
	}
	r, err := jsonRequest(u, webhookBody(ev))
	if err != nil {
		return nil, err
	}
	r.Header.Set("Idempotency-Key", ev.ID)
	if secret := t.Credentials["secret"]; secret != "" {
		r.Header.Set("X-CRO-Signature", Signature(secret, now, r.Body))
	}
	return r, nil
}

// ---- Analytics vendors: exposures and conversions as events, the visitor id as the device.

// eventName is the name each analytics vendor gets: GA4 wants snake case, the others the
// Segment spec's names (Experiment Viewed, Order Completed).
func analyticsEvent(ev Event) (snake, spec string, props map[string]any, err error) {
	props = map[string]any{"site_domain": ev.Domain}
	switch {
	case ev.Kind == EventExposure && ev.Exposure != nil:
		props["experiment_id"], props["experiment_name"], props["variant"] = ev.Exposure.ExperimentID, ev.Exposure.ExperimentName, ev.Exposure.Variant
		return "experiment_exposure", "Experiment Viewed", props, nil
	case ev.Kind == EventConversion && ev.Conversion != nil:
		c := ev.Conversion
		props["goal"] = c.Goal
		if c.Value > 0 {
			props["value"], props["currency"] = c.Value, currencyOr(c.Currency)
		}
		if c.OrderID != "" {
			props["order_id"] = c.OrderID
		}
		if c.Goal == "purchase" {
			return "purchase", "Order Completed", props, nil
		}
		return "conversion", "Conversion", props, nil
	case ev.Kind == EventTest:
		return "upliftly_connection_test", "Upliftly Connection Test", props, nil
	}
	return "", "", nil, fmt.Errorf("%s is not sent to analytics tools", ev.Kind)
}

func currencyOr(c string) string {
	if c == "" {
		return "USD"
	}
	return strings.ToUpper(c)
}

func visitorOr(ev Event) string {
	if ev.Visitor != "" {
		return ev.Visitor
	}
	return "upliftly-test-" + ev.SiteID
}

var measurementID = regexp.MustCompile(`^G-[A-Z0-9]{4,20}$`)

// GA4 Measurement Protocol: POST /mp/collect?measurement_id&api_secret {client_id, events[]}; the
// collect endpoint answers 2xx without a body whatever it thinks, so 'Test connection' asks the
// debug endpoint, whose validationMessages list what is wrong.
func ga4Request(t target, ev Event, debug bool) (*outRequest, error) {
	id, secret := t.setting("property_id"), t.Credentials["api_secret"]
	if !measurementID.MatchString(id) || secret == "" {
		return nil, errors.New("Measurement Protocol needs a G- measurement ID and an API secret")
	}
	name, _, props, err := analyticsEvent(ev)
	if err != nil {
		return nil, err
	}
	if ev.Conversion != nil && ev.Conversion.OrderID != "" {
		props["transaction_id"] = ev.Conversion.OrderID
	}
	path := "/mp/collect"
	if debug {
		path = "/debug/mp/collect"
	}
	q := url.Values{"measurement_id": {id}, "api_secret": {secret}}
	r, err := jsonRequest(vendorBase("ga4")+path+"?"+q.Encode(), map[string]any{
		"client_id": visitorOr(ev), "timestamp_micros": ev.At.UnixMicro(),
		"events": []map[string]any{{"name": name, "params": props}},
	})
	if err != nil {
		return nil, err
	}
	if debug {
		r.check = func(body []byte) error {
			var answer struct {
				ValidationMessages []struct {
					FieldPath, Description, ValidationCode string
				} `json:"validationMessages"`
			}
			if err := json.Unmarshal(body, &answer); err != nil {
				return errors.New("GA4 answered something other than a validation result")
			}
			if len(answer.ValidationMessages) > 0 {
				m := answer.ValidationMessages[0]
				return fmt.Errorf("GA4 refused the event: %s (%s)", m.Description, m.ValidationCode)
			}
			return nil
		}
	}
	return r, nil
}

// Segment HTTP tracking API: POST /v1/track with the write key as the basic-auth user.
func segmentRequest(t target, ev Event) (*outRequest, error) {
	key := t.Credentials["write_key"]
	if key == "" {
		return nil, errNotConfigured
	}
	_, name, props, err := analyticsEvent(ev)
	if err != nil {
		return nil, err
	}
	if c := ev.Conversion; c != nil && c.Value > 0 {
		props["revenue"] = c.Value
	}
	r, err := jsonRequest(vendorBase("segment")+"/v1/track", map[string]any{
		"anonymousId": visitorOr(ev), "event": name, "properties": props,
		"timestamp": ev.At.UTC().Format(time.RFC3339Nano), "messageId": ev.ID,
		"context": map[string]any{"library": map[string]any{"name": "upliftly", "version": "1"}},
	})
	if err != nil {
		return nil, err
	}
	r.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(key+":")))
	return r, nil
}

// Mixpanel ingestion: POST /track a JSON array of {event, properties: {token, distinct_id, time,
// $insert_id}}; with verbose=1 it answers {"status": 1} or {"status": 0, "error"}.
func mixpanelRequest(t target, ev Event) (*outRequest, error) {
	token := t.Credentials["project_token"]
	if token == "" {
		return nil, errNotConfigured
	}
	_, name, props, err := analyticsEvent(ev)
	if err != nil {
		return nil, err
	}
	props["token"], props["distinct_id"], props["time"], props["$insert_id"] = token, visitorOr(ev), ev.At.UnixMilli(), insertID(ev.ID)
	r, err := jsonRequest(vendorBase("mixpanel")+"/track?verbose=1&ip=0", []map[string]any{{"event": name, "properties": props}})
	if err != nil {
		return nil, err
	}
	r.Header.Set("Accept", "application/json")
	r.check = func(body []byte) error {
		var answer struct {
			Status int     `json:"status"`
			Error  *string `json:"error"`
		}
		if json.Unmarshal(body, &answer) != nil || answer.Status != 1 {
			if answer.Error != nil {
				return fmt.Errorf("Mixpanel refused the event: %s", *answer.Error)
			}
			return errors.New("Mixpanel refused the event")
		}
		return nil
	}
	return r, nil
}

// insertID keeps Mixpanel's $insert_id within its 36 alphanumeric characters.
func insertID(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])[:32]
}

// Amplitude HTTP V2 API: POST /2/httpapi {api_key, events: [{device_id, event_type, time, insert_id}]}.
func amplitudeRequest(t target, ev Event) (*outRequest, error) {
	key := t.Credentials["api_key"]
	if key == "" {
		return nil, errNotConfigured
	}
	_, name, props, err := analyticsEvent(ev)
	if err != nil {
		return nil, err
	}
	event := map[string]any{
		"device_id": visitorOr(ev), "event_type": name, "time": ev.At.UnixMilli(), "insert_id": ev.ID, "event_properties": props,
	}
	if c := ev.Conversion; c != nil && c.Value > 0 {
		event["revenue"], event["price"], event["quantity"] = c.Value, c.Value, 1
	}
	return jsonRequest(vendorBase("amplitude")+"/2/httpapi", map[string]any{"api_key": key, "events": []any{event}})
}

// Facebook Conversions API: POST /v19.0/{pixel}/events; identifiers leave only as SHA-256 hashes.
func facebookRequest(t target, ev Event) (*outRequest, error) {
	pixel, token := t.setting("pixel_id"), t.Credentials["access_token"]
	if pixel == "" || token == "" {
		return nil, errors.New("the Conversions API needs a pixel ID and an access token")
	}
	if _, err := strconv.ParseUint(pixel, 10, 64); err != nil {
		return nil, errors.New("the pixel ID must be digits")
	}
	name, custom := "Purchase", map[string]any{}
	switch {
	case ev.Kind == EventConversion && ev.Conversion != nil:
		c := ev.Conversion
		if c.Goal != "purchase" {
			name = "Lead"
		}
		custom["value"], custom["currency"] = c.Value, currencyOr(c.Currency)
		if c.OrderID != "" {
			custom["order_id"] = c.OrderID
		}
	case ev.Kind == EventTest:
		name = "UpliftlyConnectionTest"
	default:
		return nil, fmt.Errorf("%s is not sent to Meta", ev.Kind)
	}
	user := map[string]any{"external_id": []string{HashIdentifier(visitorOr(ev))}}
	if ev.Conversion != nil && ev.Conversion.Email != "" {
		user["em"] = []string{HashIdentifier(ev.Conversion.Email)}
	}
	body := map[string]any{
		"data": []map[string]any{{
			"event_name": name, "event_time": ev.At.Unix(), "event_id": ev.ID, "action_source": "website",
			"user_data": user, "custom_data": custom,
		}},
		"access_token": token,
	}
	if code := t.setting("test_event_code"); code != "" {
		body["test_event_code"] = code
	}
	return jsonRequest(vendorBase("facebook")+"/v19.0/"+pixel+"/events", body)
}

// HashIdentifier is Meta's normalisation: trimmed, lower case, SHA-256 in hex.
func HashIdentifier(v string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(v))))
	return hex.EncodeToString(sum[:])
}

// requestBody lets a retry send the same bytes again.
func (r *outRequest) newHTTP() (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, r.URL, bytes.NewReader(r.Body))
	if err != nil {
		return nil, err
	}
	req.Header = r.Header.Clone()
	req.Header.Set("User-Agent", "Upliftly-Integrations/1.0")
	return req, nil
}
