package analytics

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"cro/pocketbase/collect"
	"cro/pocketbase/eventstore"
	"cro/pocketbase/eventstore/clickhouse"

	"github.com/pocketbase/pocketbase/core"
)

// RunCollector is `cro-server collect --http=ADDR --events=URL --config=URL [--spool=DIR]`: a
// stateless collector serving only the tracker script (/t/{file}) and POST /api/cro/collect,
// with site configs read from the main server (CRO_COLLECTOR_TOKEN on both) and cached 30 s, and
// events written to a local write-ahead spool (fsynced before the batch is acknowledged) that one
// inserter sends to ClickHouse in large inserts (clickhouse_wal.go). What it refuses is counted
// by reason, the spool's progress too (GET /api/cro/collector/stats).
// Consent-free sites get the same visitor ids as on the main server, from its day keys
// (collector_visitor_key.go); their sessions are per collector (route a client to one collector).
func RunCollector(args []string) error {
	fs := flag.NewFlagSet("collect", flag.ContinueOnError)
	addr := fs.String("http", "127.0.0.1:8300", "address to serve on")
	events := fs.String("events", os.Getenv("CRO_EVENTS_URL"), "the ClickHouse event store, http://host:8123/?database=cro")
	config := fs.String("config", "", "the main server's URL, where site configs are read")
	spool := fs.String("spool", "collector-spool", "directory of the on-disk spool")
	proxyHeader := fs.String("trusted-proxy-header", "", "header holding the client address (behind a load balancer)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	o := collectorOptions{events: *events, config: *config, spool: *spool, proxyHeader: *proxyHeader, token: os.Getenv("CRO_COLLECTOR_TOKEN")}
	if o.events == "" || o.config == "" || o.token == "" {
		return errors.New("collect needs --events, --config and CRO_COLLECTOR_TOKEN (the main server's too)")
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	return serveCollector(ctx, o, func() (net.Listener, error) { return net.Listen("tcp", *addr) })
}

type collectorOptions struct {
	events, config, spool, proxyHeader, token string
}

// serveCollector serves until ctx ends, then drains the store. It listens only once the spool of
// an earlier run is replayed, so that a load balancer sends nothing before.
func serveCollector(ctx context.Context, o collectorOptions, listen func() (net.Listener, error)) error {
	db, err := clickhouse.Open(o.events)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.spool, 0o700); err != nil {
		return err
	}
	store := clickhouse.NewCollectorStore(db, o.spool)
	remote := &configClient{base: strings.TrimRight(o.config, "/"), token: o.token, http: &http.Client{Timeout: 10 * time.Second}}
	sourceKey, err := remote.sourceKey()
	if err != nil {
		return fmt.Errorf("reading the client source key from %s: %w", o.config, err)
	}
	collect.Visitors.Store(collectorVisitors(remote))            // consent-free sites: the main server's day keys
	app := core.NewBaseApp(core.BaseAppConfig{DataDir: o.spool}) // settings only (RealIP); never bootstrapped
	if o.proxyHeader != "" {
		app.Settings().TrustedProxy.Headers = []string{o.proxyHeader}
	}
	sites := &siteCache{m: map[string]*cachedSite{}}
	sites.loader = remote.site
	cfg := LoadConfig()
	c := newCollector(cfg, sites, store, sourceKey)
	drops := &dropCounts{m: map[string]int64{}}
	store.Start()
	defer store.Stop()

	mux := http.NewServeMux()
	serve := func(h func(*core.RequestEvent) error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w}
			ev := &core.RequestEvent{App: app}
			ev.Request, ev.Response = r, rec
			if err := h(ev); err != nil {
				http.Error(rec, err.Error(), http.StatusInternalServerError)
			}
			drops.note(r.URL.Path, rec.status)
		}
	}
	mux.HandleFunc("GET /t/{file}", serve(scriptHandler(sites, cfg.CountryHeader)))
	mux.HandleFunc("POST /api/cro/collect", serve(c.Handle))
	mux.HandleFunc("GET /api/cro/collector/stats", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		spool, segments, bytes, legacy := store.SpoolStats()
		_ = json.NewEncoder(w).Encode(map[string]any{"dropped": drops.snapshot(), "spool": spool,
			"pending_segments": segments, "pending_bytes": bytes, "legacy_spool_lines": legacy})
	})
	ln, err := listen()
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	log.Printf("collector: serving on http://%s, events to %s, sites from %s", ln.Addr(), db.Database, o.config)
	shut := make(chan struct{})
	go func() {
		defer close(shut)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-shut // requests in flight are answered before the store stops
	return nil
}

// configClient reads the main server's collector routes (collector_config.go).
type configClient struct {
	base, token string
	http        *http.Client
}

func (c *configClient) get(path string, into any) (int, error) {
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 8<<20))
	if res.StatusCode != http.StatusOK {
		return res.StatusCode, fmt.Errorf("%s: %d %s", path, res.StatusCode, strings.TrimSpace(string(body)))
	}
	return res.StatusCode, json.Unmarshal(body, into)
}

func (c *configClient) sourceKey() ([]byte, error) {
	var out struct {
		Key string `json:"key"`
	}
	if _, err := c.get("/api/cro/collector/source-key", &out); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(out.Key)
}

// site loads one site's snapshot; an unreachable main server makes the key unknown for the
// cache's 30 s (the tracker retries its batches).
func (c *configClient) site(key string) *eventstore.Site {
	var snap siteSnapshot
	if _, err := c.get("/api/cro/collector/sites/"+key, &snap); err != nil || snap.ID == "" {
		return nil
	}
	return snap.info()
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

// dropCounts counts the collect requests not stored, by reason (the handler's status).
type dropCounts struct {
	mu sync.Mutex
	m  map[string]int64
}

var dropReasons = map[int]string{
	http.StatusBadRequest: "invalid_batch", http.StatusNotFound: "unknown_site", http.StatusForbidden: "origin_not_allowed",
	http.StatusTooManyRequests: "rate_limited", http.StatusServiceUnavailable: "store_unavailable",
	http.StatusRequestEntityTooLarge: "too_large", http.StatusNoContent: "automated", http.StatusInternalServerError: "error",
}

func (d *dropCounts) note(path string, status int) {
	if path != "/api/cro/collect" {
		return
	}
	reason, ok := dropReasons[status]
	if !ok {
		return
	}
	d.mu.Lock()
	d.m[reason]++
	d.mu.Unlock()
}

func (d *dropCounts) snapshot() map[string]int64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make(map[string]int64, len(d.m))
	for k, v := range d.m {
		out[k] = v
	}
	return out
}
