package recordings

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore/sqlite"
	"cro/pocketbase/schematest"

	"github.com/pocketbase/pocketbase/core"
	"golang.org/x/time/rate"
)

const chromeUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36"

type fixture struct {
	app     core.App
	in      *ingest
	growth  *core.Record
	starter *core.Record
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	app := schematest.NewApp(t)
	users, _ := app.FindCollectionByNameOrId("users")
	owner := core.NewRecord(users)
	owner.SetEmail("owner@example.com")
	owner.SetPassword("kettle-Quartz-81")
	if err := app.SaveNoValidate(owner); err != nil {
		t.Fatal(err)
	}
	site := func(domain, plan, key string) *core.Record {
		sites, _ := app.FindCollectionByNameOrId("sites")
		s := core.NewRecord(sites)
		s.Set("user_id", owner.Id)
		s.Set("domain", domain)
		s.Set("plan_tier", plan)
		s.Set("public_key", key)
		s.Set("recording_sample_rate", 100)
		if err := app.SaveNoValidate(s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	f := &fixture{app: app, growth: site("shop.example.com", "growth", "growthkey"), starter: site("small.example.com", "starter", "starterkey")}
	f.in = &ingest{app: app, store: sqlite.NewSQLiteStore(app), files: storage{dir: filepath.Join(app.DataDir(), "recordings")},
		sites: &siteKeys{app: app, m: map[string]cachedSite{}}, siteRPS: 1000, clientRPS: 1000, buckets: map[string]*rate.Limiter{}, swept: time.Now()}
	return f
}

func gz(t testing.TB, raw []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = w.Write(raw)
	_ = w.Close()
	return b.Bytes()
}

// post sends one chunk as the recorder does and returns the status and the body's message.
func (f *fixture) post(t *testing.T, query, origin string, body []byte) (int, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/cro/recordings?"+query, bytes.NewReader(body))
	req.Header.Set("Origin", origin)
	req.Header.Set("User-Agent", chromeUA)
	res := httptest.NewRecorder()
	e := new(core.RequestEvent)
	e.App = f.app
	e.Request = req
	e.Response = res
	if err := f.in.handle(e); err != nil {
		t.Fatal(err)
	}
	var reply struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal(res.Body.Bytes(), &reply)
	return res.Code, reply.Message
}

func (f *fixture) stored(t *testing.T, site *core.Record) (rows int, files int) {
	t.Helper()
	all, _ := f.app.FindAllRecords("session_recordings")
	for _, r := range all {
		if r.GetString("site_id") == site.Id {
			rows++
		}
	}
	list, _ := filepath.Glob(filepath.Join(f.app.DataDir(), "recordings", site.Id, "*", "*.json.gz"))
	return rows, len(list)
}

func nowChunk(t *testing.T, start time.Time) []byte {
	s := start.UnixMilli()
	return chunk(t,
		rr(typeMeta, s, map[string]any{"href": "https://shop.example.com/signup", "width": 1280, "height": 720}),
		rr(typeFullSnapshot, s+5, map[string]any{"node": map[string]any{}}),
		click(s+1000, 10, 10), click(s+1100, 10, 10), click(s+1200, 10, 10), mutation(s+4000),
	)
}

func TestIngestStoresAChunkAndKeepsTheIndexRow(t *testing.T) {
	f := newFixture(t)
	start := time.Now().Add(-time.Minute)
	code, msg := f.post(t, "k=growthkey&s=sess1abc&v=vis1abc", "https://shop.example.com", gz(t, nowChunk(t, start)))
	if code != http.StatusAccepted {
		t.Fatalf("first chunk: %d %s", code, msg)
	}
	second := chunk(t, rr(typeCustom, start.Add(30*time.Second).UnixMilli(), map[string]any{"tag": "page", "payload": map[string]any{"href": "https://shop.example.com/thanks"}}),
		rr(typeCustom, start.Add(40*time.Second).UnixMilli(), map[string]any{"tag": "error", "payload": map[string]any{"message": "x"}}))
	if code, msg := f.post(t, "k=growthkey&s=sess1abc&v=vis1abc", "https://shop.example.com", gz(t, second)); code != http.StatusAccepted {
		t.Fatalf("second chunk: %d %s", code, msg)
	}
	rec, err := f.app.FindFirstRecordByData("session_recordings", "session_id", "sess1abc")
	if err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string]any{"site_id": f.growth.Id, "visitor_id": "vis1abc", "page_url": "https://shop.example.com/signup",
		"events_count": 8, "chunks": 2, "clicks": 3, "rage_clicks": 0, "errors": 1, "pages_count": 2, "duration_seconds": 40,
		"browser": "Chrome", "device_type": "desktop", "converted": false} {
		if got := rec.Get(field); mustJSON(got) != mustJSON(want) {
			t.Errorf("%s = %v, want %v", field, got, want)
		}
	}
	if rows, files := f.stored(t, f.growth); rows != 1 || files != 2 {
		t.Errorf("stored %d rows and %d chunk files, want 1 and 2", rows, files)
	}
	events, err := f.in.files.events(f.growth.Id, "sess1abc")
	if err != nil || !json.Valid(events) || !strings.Contains(string(events), `"tag":"error"`) {
		t.Errorf("events route body invalid (%v): %.200s", err, events)
	}
}

func TestIngestRefusesBadInputAndStoresNothing(t *testing.T) {
	f := newFixture(t)
	good := gz(t, nowChunk(t, time.Now().Add(-time.Minute)))
	big := make([]byte, MaxChunkBytes+10)
	_, _ = rand.Read(big)
	bomb := gz(t, bytes.Repeat([]byte(" "), MaxUnpackedBytes+10))
	old := gz(t, nowChunk(t, time.Now().Add(-72*time.Hour)))
	const q, origin = "k=growthkey&s=sess2abc&v=vis2abc", "https://shop.example.com"
	for _, c := range []struct {
		name, query, origin string
		body                []byte
		status              int
		message             string
	}{
		{"starter plan", "k=starterkey&s=sess2abc&v=vis2abc", "https://small.example.com", good, 403, planRequired},
		{"unknown key", "k=nosuchkey&s=sess2abc&v=vis2abc", origin, good, 404, "Unknown site key."},
		{"another origin", q, "https://evil.example.net", good, 403, "Origin not allowed for this site."},
		{"no session", "k=growthkey&v=vis2abc", origin, good, 400, "The site key, session and visitor (k, s, v) are required: lowercase letters and digits."},
		{"a path in the session", "k=growthkey&s=..%2Fx&v=vis2abc", origin, good, 400, "The site key, session and visitor (k, s, v) are required: lowercase letters and digits."},
		{"not gzip", q, origin, []byte(`[{"type":4,"timestamp":1}]`), 400, "The chunk must be gzip-compressed JSON."},
		{"gzip of no JSON", q, origin, gz(t, []byte("hello")), 400, ""},
		{"oversized", q, origin, big, 413, "The chunk is larger than 1 MB."},
		{"unpacks too large", q, origin, bomb, 413, "The chunk unpacks to more than 16 MB."},
		{"events from three days ago", q, origin, old, 400, "Invalid chunk: event times must be within the last 48 hours."},
	} {
		status, msg := f.post(t, c.query, c.origin, c.body)
		if status != c.status || (c.message != "" && msg != c.message) || (c.message == "" && !strings.HasPrefix(msg, "Invalid chunk: ")) {
			t.Errorf("%s: %d %q, want %d %q", c.name, status, msg, c.status, c.message)
		}
	}
	for _, s := range []*core.Record{f.growth, f.starter} {
		if rows, files := f.stored(t, s); rows != 0 || files != 0 {
			t.Errorf("%s: stored %d rows and %d files after refusals", s.GetString("domain"), rows, files)
		}
	}
	if _, err := os.Stat(filepath.Join(f.app.DataDir(), "x")); err == nil {
		t.Error("a session id escaped the recordings directory")
	}
}

func TestRetentionDeletesOldRecordingsAndTheirChunks(t *testing.T) {
	f := newFixture(t)
	if code, msg := f.post(t, "k=growthkey&s=oldsess&v=vis3abc", "https://shop.example.com", gz(t, nowChunk(t, time.Now().Add(-40*time.Hour)))); code != 202 {
		t.Fatalf("old chunk: %d %s", code, msg)
	}
	if code, msg := f.post(t, "k=growthkey&s=newsess&v=vis3abc", "https://shop.example.com", gz(t, nowChunk(t, time.Now().Add(-time.Hour)))); code != 202 {
		t.Fatalf("new chunk: %d %s", code, msg)
	}
	if err := prune(f.app, f.in.files, f.growth.Id, time.Now().Add(-24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if rows, files := f.stored(t, f.growth); rows != 1 || files != 1 {
		t.Errorf("after retention %d rows and %d files, want 1 and 1", rows, files)
	}
	if _, err := f.app.FindFirstRecordByData("session_recordings", "session_id", "newsess"); err != nil {
		t.Error("the recent recording was deleted")
	}
}

func TestScriptConfigOnlyForPlansThatRecord(t *testing.T) {
	f := newFixture(t)
	if scriptConfig(f.starter) != nil {
		t.Error("a starter site's tracker is told to record")
	}
	f.growth.Set("recording_include", "/signup\n/checkout/*")
	f.growth.Set("recording_mask_selectors", ".secret")
	var cfg recorderConfig
	if err := json.Unmarshal(scriptConfig(f.growth), &cfg); err != nil {
		t.Fatal(err)
	}
	if cfg.URL != recorderPath() || cfg.Sample != 100 || mustJSON(cfg.Include) != `["/signup","/checkout/*"]` || cfg.MaskSel != ".secret" {
		t.Errorf("config %+v", cfg)
	}
	f.growth.Set("usage_period", time.Now().UTC().Format("2006-01"))
	f.growth.Set("usage_visitors", 100000)
	if scriptConfig(f.growth) != nil {
		t.Error("a Growth site over its month's visitors is told to record")
	}
	f.growth.Set("usage_visitors", 99999)
	if scriptConfig(f.growth) == nil {
		t.Error("a Growth site under its month's visitors is not told to record")
	}
	f.growth.Set("recording_sample_rate", 0)
	if scriptConfig(f.growth) != nil {
		t.Error("a site recording 0% of sessions is told to record")
	}
}
