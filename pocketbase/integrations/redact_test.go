package integrations

import (
	"bytes"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

// A vendor that cannot be reached, and one whose error page echoes the whole request (URL,
// Authorization and body): for every vendor the product delivers to, the credential is in none of
// the texts members read (the delivery log, error_message, the owner's notification, the 'Test
// connection' answer) nor in the server log.

type leakCase struct {
	kind     string
	settings func(base string) map[string]any
	creds    func(base string) map[string]string
	endpoint string // the CRO_INTEGRATION_ENDPOINTS name, for vendors whose origin is fixed
	secrets  []string
}

const (
	ga4Secret    = "k9P+q/Lm2Z_ga4-secret=="
	slackToken   = "Xy12SlackTokenAbc34"
	zapierToken  = "Zp98CatchToken77"
	signing      = "whsec_Signing_0123456789"
	segmentKey   = "SegWriteKey_0123456789"
	mixpanelTok  = "mpToken0123456789abcdef"
	amplitudeKey = "ampKey0123456789ABCDEF"
	metaToken    = "EAAB/metaAccessToken+0123456789"
)

func leakCases() []leakCase {
	return []leakCase{
		{kind: "google_analytics", endpoint: "ga4", secrets: []string{ga4Secret, url.QueryEscape(ga4Secret)},
			settings: func(string) map[string]any { return map[string]any{"property_id": "G-LEAK1234"} },
			creds:    func(string) map[string]string { return map[string]string{"api_secret": ga4Secret} }},
		{kind: "slack", secrets: []string{slackToken},
			creds: func(base string) map[string]string {
				return map[string]string{"webhook_url": base + "/services/T0AB12CD/B0EF34GH/" + slackToken}
			}},
		{kind: "zapier", secrets: []string{zapierToken},
			creds: func(base string) map[string]string {
				return map[string]string{"webhook_url": base + "/hooks/catch/123456/" + zapierToken + "/"}
			}},
		{kind: "webhook", secrets: []string{signing},
			settings: func(base string) map[string]any { return map[string]any{"url": base + "/cro"} },
			creds:    func(string) map[string]string { return map[string]string{"secret": signing} }},
		{kind: "segment", endpoint: "segment", secrets: []string{segmentKey},
			creds: func(string) map[string]string { return map[string]string{"write_key": segmentKey} }},
		{kind: "mixpanel", endpoint: "mixpanel", secrets: []string{mixpanelTok},
			creds: func(string) map[string]string { return map[string]string{"project_token": mixpanelTok} }},
		{kind: "amplitude", endpoint: "amplitude", secrets: []string{amplitudeKey},
			creds: func(string) map[string]string { return map[string]string{"api_key": amplitudeKey} }},
		{kind: "facebook_pixel", endpoint: "facebook", secrets: []string{metaToken, `EAAB\/metaAccessToken`},
			settings: func(string) map[string]any { return map[string]any{"pixel_id": "1234567890"} },
			creds:    func(string) map[string]string { return map[string]string{"access_token": metaToken} }},
	}
}

// echoing answers 500 with everything it was sent, as a careless vendor's error page might.
func echoing(t *testing.T) *httptest.Server {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, "failed "+r.Method+" "+r.RequestURI+" auth="+r.Header.Get("Authorization")+" body="+string(body))
	}))
	t.Cleanup(s.Close)
	return s
}

// refusing is an address nothing listens on any more.
func refusing(t *testing.T) string {
	s := httptest.NewServer(http.NotFoundHandler())
	u := s.URL
	s.Close()
	return u
}

func TestNoCredentialInAnyTextAfterAFailedDelivery(t *testing.T) {
	var serverLog bytes.Buffer
	orig := log.Writer()
	log.SetOutput(io.MultiWriter(&serverLog, orig))
	t.Cleanup(func() { log.SetOutput(orig) })
	for _, c := range leakCases() {
		for _, failure := range []string{"refused", "echo"} {
			t.Run(c.kind+"/"+failure, func(t *testing.T) {
				base := refusing(t)
				if failure == "echo" {
					base = echoing(t).URL
				}
				if c.endpoint != "" {
					t.Setenv("CRO_INTEGRATION_ENDPOINTS", c.endpoint+"="+base)
				}
				app, b, site := busApp(t)
				b.guard.AllowHosts[netip.MustParseAddrPort(strings.TrimPrefix(base, "http://"))] = true
				var settings map[string]any
				if c.settings != nil {
					settings = c.settings(base)
				}
				rec := addIntegration(t, app, b, site, c.kind, settings, c.creds(base))

				ev := conversionEvent()
				ev.SiteID = site.Id
				b.deliver(rec, ev)
				b.deliver(rec, ev) // a second failure in a row notifies the owner
				test := b.Test(rec, site)

				texts := []string{"test answer: " + test.Err}
				for _, row := range deliveries(t, app, rec) {
					texts = append(texts, "log: "+row.GetString("error"))
				}
				fresh, _ := app.FindRecordById("integrations", rec.Id)
				texts = append(texts, "error_message: "+fresh.GetString("error_message"))
				notes, _ := app.FindAllRecords("notifications")
				for _, n := range notes {
					texts = append(texts, "notification: "+n.GetString("message"))
				}
				texts = append(texts, "server log: "+serverLog.String())
				assertNoSecret(t, texts, c.secrets)

				want := "connection refused"
				if failure == "echo" {
					want = "HTTP 500"
				}
				if !strings.Contains(test.Err, want) || !strings.Contains(fresh.GetString("error_message"), want) {
					t.Fatalf("the error still says what happened: %q / %q", test.Err, fresh.GetString("error_message"))
				}
				if len(notes) != 1 || fresh.GetString("status") != "error" {
					t.Fatalf("%d notifications, status %s", len(notes), fresh.GetString("status"))
				}
			})
		}
	}
}

func assertNoSecret(t *testing.T, texts, secrets []string) {
	t.Helper()
	for _, text := range texts {
		for _, s := range secrets {
			if strings.Contains(text, s) {
				t.Errorf("%q is in %s", s, text)
			}
		}
	}
}

func TestRedactorCoversEncodingsAndURLParts(t *testing.T) {
	r := newRedactor(target{Credentials: map[string]string{
		"api_secret":  "a+b/c=d_secret",
		"webhook_url": "https://hooks.slack.com/services/T0AB12CD/B0EF34GH/Xy12SlackTokenAbc34",
		"tiny":        "x",
	}})
	for in, want := range map[string]string{
		`Post "https://x/mp?api_secret=a%2Bb%2Fc%3Dd_secret&m=1": dial`: `Post "https://x/mp?api_secret=[redacted]&m=1": dial`,
		"raw a+b/c=d_secret here": "raw [redacted] here",
		`{"url":"https:\/\/hooks.slack.com\/services\/T0AB12CD\/B0EF34GH\/Xy12SlackTokenAbc34"}`: `{"url":"[redacted]"}`,
		"no_service: /services/T0AB12CD/B0EF34GH/Xy12SlackTokenAbc34":                            "no_service: [redacted]",
		"token Xy12SlackTokenAbc34 invalid":                                                      "token [redacted] invalid",
		"the services and hooks words stay; x stays":                                             "the services and hooks words stay; x stays",
	} {
		if got := r.text(in); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
	_, err := http.Post("http://127.0.0.1:1/mp?api_secret=a%2Bb%2Fc%3Dd_secret", "text/plain", nil)
	if got := r.err(err); strings.Contains(got, "127.0.0.1:1/mp") || strings.Contains(got, "secret") || !strings.Contains(got, "refused") {
		t.Errorf("url.Error: %q", got)
	}
}
