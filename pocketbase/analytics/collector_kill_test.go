package analytics

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cro/pocketbase/eventstore/clickhouse"
	"cro/pocketbase/eventstore/storetest"
)

// collectorChildEnv makes the test binary run `collect` with its value as arguments (TestMain).
const collectorChildEnv = "CRO_TEST_COLLECTOR_ARGS"

func newSwitchProxy(t *testing.T, target string) *clickhouse.SwitchProxy {
	p, err := clickhouse.NewSwitchProxy(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func startCollectorChild(t *testing.T, args string) (*exec.Cmd, string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), collectorChildEnv+"=--http="+addr+" "+args, "CRO_COLLECTOR_TOKEN="+collectorToken,
		"CRO_COLLECT_SITE_RPS=0", "CRO_COLLECT_CLIENT_RPS=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return cmd, "http://" + addr
		}
		time.Sleep(50 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	t.Fatal("the collector did not start")
	return nil, ""
}

// A collector killed with SIGKILL under load loses no batch it acknowledged and inserts none
// twice: each was fsynced to its spool, which the restarted collector inserts, skipping what was
// in ClickHouse already. With ClickHouse away nothing was inserted before the kill; with it up,
// segments may have been inserted and not yet deleted.
func TestCollectorKill9LosesNoAcknowledgedBatch(t *testing.T) {
	t.Run("ClickHouse away", func(t *testing.T) { killUnderLoad(t, false) })
	t.Run("ClickHouse up", func(t *testing.T) { killUnderLoad(t, true) })
}

func killUnderLoad(t *testing.T, up bool) {
	dbURL := chDatabaseURL(t)
	if _, err := clickhouse.NewClickHouseStore(dbURL); err != nil {
		t.Fatal(err)
	}
	site := storetest.Site(storetest.SiteA)
	site.Domain = "shop.example"
	main := mainServerStandIn(t, site)
	proxy := newSwitchProxy(t, strings.TrimSuffix(strings.TrimPrefix(chServer.URL(), "http://"), "/"))
	chURL := "http://" + proxy.Addr() + "/?" + strings.SplitN(dbURL, "?", 2)[1]
	args := "--events=" + chURL + " --config=" + main.URL + " --spool=" + t.TempDir()

	proxy.Up.Store(up)
	child, base := startCollectorChild(t, args)
	var mu sync.Mutex
	var acked []string
	var wg sync.WaitGroup
	var sent atomic.Int64
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; ; i++ {
				visitor := fmt.Sprintf("killv%dn%d", w, i)
				req, _ := http.NewRequest(http.MethodPost, base+"/api/cro/collect", strings.NewReader(collectBody(site.Key, visitor, 1)))
				req.Header.Set("Origin", "https://shop.example")
				req.Header.Set("User-Agent", browserUA)
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					return // the collector is gone
				}
				res.Body.Close()
				sent.Add(1)
				if res.StatusCode == http.StatusAccepted {
					mu.Lock()
					acked = append(acked, visitor)
					mu.Unlock()
				}
			}
		}(w)
	}
	for sent.Load() < 200 || (up && countEvents(t, dbURL, storetest.SiteA) == 0) { // with ClickHouse up: some inserted
		time.Sleep(10 * time.Millisecond)
	}
	_ = child.Process.Kill() // SIGKILL: no drain, no deferred code
	_ = child.Wait()
	wg.Wait()
	if len(acked) == 0 {
		t.Fatal("nothing was acknowledged before the kill")
	}
	if n := countEvents(t, dbURL, storetest.SiteA); !up && n != 0 {
		t.Fatalf("%d events reached ClickHouse while it was away", n)
	}

	proxy.Up.Store(true)
	child, _ = startCollectorChild(t, args) // replays the spool before serving
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	db, _ := clickhouse.Open(dbURL)
	q, _ := clickhouse.Bind(`SELECT uniqExact(visitor) AS n, count() AS rows FROM events WHERE site_id = {:site} AND visitor IN {:acked}`,
		map[string]any{"site": storetest.SiteA, "acked": acked})
	r, err := db.QueryOne(q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Int("n") != len(acked) || r.Int("rows") != len(acked) { // one event a batch
		t.Errorf("%d of %d acknowledged batches in ClickHouse after the restart, in %d rows", r.Int("n"), len(acked), r.Int("rows"))
	}
	t.Logf("%d batches acknowledged before kill -9 (of %d answered), all in ClickHouse after the restart", len(acked), sent.Load())
}
