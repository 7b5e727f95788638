package analytics

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/storetest"
)

const collectorToken = "collector-test-token"

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36"

// mainServerStandIn answers the main server's collector routes (collector_config.go) for one site.
func mainServerStandIn(t *testing.T, site *eventstore.Site) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/cro/collector/sites/{key}", func(w http.ResponseWriter, r *http.Request) {
		if !collectorAuthorized(r, collectorToken) {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		if r.PathValue("key") != site.Key {
			http.NotFound(w, r)
			return
		}
		_ = json.NewEncoder(w).Encode(snapshotOf(site))
	})
	mux.HandleFunc("GET /api/cro/collector/source-key", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{"key": base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))})
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func countEvents(t *testing.T, dbURL, siteID string) int {
	t.Helper()
	db, err := clickhouse.Open(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := clickhouse.Bind(`SELECT count() AS n FROM events WHERE site_id = {:site}`, map[string]any{"site": siteID})
	r, err := db.QueryOne(q)
	if err != nil {
		t.Fatal(err)
	}
	return r.Int("n")
}

// waitForEvents polls until the site has want events in ClickHouse (a collector inserts what it
// acknowledged within walFlushEvery), for at most 10 s, and returns the last count.
func waitForEvents(t *testing.T, dbURL, siteID string, want int) int {
	t.Helper()
	var n int
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if n = countEvents(t, dbURL, siteID); n >= want {
			return n
		}
	}
	return n
}

func collectBody(key, visitor string, n int) string {
	var evs []string
	now := time.Now().UnixMilli()
	for i := 0; i < n; i++ {
		evs = append(evs, fmt.Sprintf(`{"t":"pv","ts":%d,"p":"/p%d"}`, now-int64(n-i), i))
	}
	return fmt.Sprintf(`{"k":%q,"v":%q,"s":"s%s","e":[%s]}`, key, visitor, visitor, strings.Join(evs, ","))
}

// The collector serves the tracker script and the collect endpoint with the main server's site
// config, acknowledges a batch once its spool holds it and inserts it, and counts what it refuses
// by reason.
func TestCollectorStoresAcknowledgedBatches(t *testing.T) {
	dbURL := chDatabaseURL(t)
	if _, err := clickhouse.NewClickHouseStore(dbURL); err != nil { // the main server migrates the schema
		t.Fatal(err)
	}
	site := storetest.Site(storetest.SiteA)
	site.Domain = "shop.example"
	main := mainServerStandIn(t, site)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- serveCollector(ctx, collectorOptions{events: dbURL, config: main.URL, spool: t.TempDir(), token: collectorToken},
			func() (net.Listener, error) { return ln, nil })
	}()
	t.Cleanup(func() { cancel(); <-done })
	base := "http://" + ln.Addr().String()

	post := func(body string) int {
		req, _ := http.NewRequest(http.MethodPost, base+"/api/cro/collect", strings.NewReader(body))
		req.Header.Set("Origin", "https://shop.example")
		req.Header.Set("User-Agent", browserUA)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if code := post(collectBody(site.Key, "visitorCOLL1", 3)); code != http.StatusAccepted {
		t.Fatalf("collect answered %d, want 202", code)
	}
	// Acknowledged once on the spool's disk; in ClickHouse within the inserter's flush interval.
	if n := waitForEvents(t, dbURL, storetest.SiteA, 3); n != 3 {
		t.Errorf("%d events stored after the acknowledgement, want 3", n)
	}
	if code := post(collectBody("keyunknownsite00", "visitorCOLL2", 1)); code != http.StatusNotFound {
		t.Errorf("unknown key answered %d, want 404", code)
	}
	if code := post(`{"k":`); code != http.StatusBadRequest {
		t.Errorf("a torn batch answered %d, want 400", code)
	}
	res, err := http.Get(base + "/t/" + site.Key + ".js")
	if err != nil {
		t.Fatal(err)
	}
	script, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(script), "CRO_CFG") {
		t.Errorf("tracker script: %d %.80s", res.StatusCode, script)
	}
	res, err = http.Get(base + "/api/cro/collector/stats")
	if err != nil {
		t.Fatal(err)
	}
	var stats struct {
		Dropped map[string]int `json:"dropped"`
	}
	_ = json.NewDecoder(res.Body).Decode(&stats)
	res.Body.Close()
	if stats.Dropped["unknown_site"] != 1 || stats.Dropped["invalid_batch"] != 1 {
		t.Errorf("drops = %v, want one unknown site and one invalid batch", stats.Dropped)
	}
}
