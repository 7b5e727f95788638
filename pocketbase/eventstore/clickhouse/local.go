package clickhouse

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Local is a ClickHouse server started for tests and benchmarks: its own port on 127.0.0.1, its
// data and config in a directory of its own, stopped (and its data left to the caller) by Stop.
type Local struct {
	URL    string // http://127.0.0.1:<port>/
	cmd    *exec.Cmd
	exited chan struct{}
}

// ErrNoBinary means no ClickHouse server binary is installed (Debian: apt-get install clickhouse-server).
var ErrNoBinary = errors.New("no clickhouse server binary (install the Debian package clickhouse-server, or set CRO_CLICKHOUSE_BIN)")

// serverCommand finds the server: CRO_CLICKHOUSE_BIN, Debian's clickhouse-server, or the single
// `clickhouse` binary of current releases (run as `clickhouse server`).
func serverCommand() ([]string, error) {
	if p := os.Getenv("CRO_CLICKHOUSE_BIN"); p != "" {
		return []string{p}, nil
	}
	for _, name := range []string{"clickhouse-server", "/usr/sbin/clickhouse-server", "/usr/bin/clickhouse-server"} {
		if p, err := exec.LookPath(name); err == nil {
			return []string{p}, nil
		}
	}
	if p, err := exec.LookPath("clickhouse"); err == nil {
		return []string{p, "server"}, nil
	}
	return nil, ErrNoBinary
}

// HaveServer says whether a server binary is installed.
func HaveServer() bool { _, err := serverCommand(); return err == nil }

// localConfig is the server's config; production servers want its <compression> too: merged
// parts in zstd take about half the bytes of the default lz4 (ARCHITECTURE.md, storage).
const localConfig = `<yandex>
  <logger><level>warning</level><log>%[1]s/server.log</log><errorlog>%[1]s/error.log</errorlog><console>0</console></logger>
  <http_port>%[2]d</http_port>
  <listen_host>127.0.0.1</listen_host>
  <path>%[1]s/data/</path>
  <tmp_path>%[1]s/tmp/</tmp_path>
  <user_files_path>%[1]s/user_files/</user_files_path>
  <format_schema_path>%[1]s/format_schemas/</format_schema_path>
  <users_config>%[1]s/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>67108864</mark_cache_size>
  <max_concurrent_queries>50</max_concurrent_queries>
  <compression><case><method>zstd</method></case></compression>
%[3]s</yandex>
`

const localUsers = `<yandex>
  <profiles><default><max_threads>2</max_threads></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks>
    <profile>default</profile><quota>default</quota></default></users>
  <quotas><default></default></quotas>
</yandex>
`

// StartLocal starts a server on a free port with its files under dir and waits until it answers.
func StartLocal(dir string) (*Local, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	return startLocal(dir, port, "")
}

// StartCluster starts n local servers, each one shard of the cluster named cluster (their native
// TCP ports in every server's remote_servers), under dir/shard<i>.
func StartCluster(dir, cluster string, n int) ([]*Local, error) {
	http, tcp := make([]int, n), make([]int, n)
	var shards strings.Builder
	for i := range n {
		var err error
		if http[i], err = freePort(); err != nil {
			return nil, err
		}
		if tcp[i], err = freePort(); err != nil {
			return nil, err
		}
		fmt.Fprintf(&shards, "<shard><replica><host>127.0.0.1</host><port>%d</port></replica></shard>", tcp[i])
	}
	var out []*Local
	for i := range n {
		extra := fmt.Sprintf("  <tcp_port>%d</tcp_port>\n  <remote_servers><%s>%s</%s></remote_servers>\n", tcp[i], cluster, shards.String(), cluster)
		l, err := startLocal(filepath.Join(dir, "shard"+strconv.Itoa(i)), http[i], extra)
		if err != nil {
			for _, o := range out {
				o.Stop()
			}
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

func startLocal(dir string, port int, extra string) (*Local, error) {
	argv, err := serverCommand()
	if err != nil {
		return nil, err
	}
	dir, _ = filepath.Abs(dir)
	for _, sub := range []string{"data", "tmp", "user_files", "format_schemas"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return nil, err
		}
	}
	cfg := filepath.Join(dir, "config.xml")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, localConfig, dir, port, extra), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "users.xml"), []byte(localUsers), 0o644); err != nil {
		return nil, err
	}
	out, err := os.Create(filepath.Join(dir, "stdout.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(argv[0], append(argv[1:], "--config-file="+cfg)...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	l := &Local{URL: "http://127.0.0.1:" + strconv.Itoa(port) + "/", cmd: cmd, exited: make(chan struct{})}
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(l.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-l.exited:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			return nil, fmt.Errorf("clickhouse server exited (%v): %s", waitErr, tail(log, 2000))
		default:
		}
		if res, err := http.Get(l.URL + "ping"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return l, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	return nil, fmt.Errorf("clickhouse server did not answer on port %d within 30 s", port)
}

// Stop kills the server and waits for it to exit: a local server's data is a test's or a
// benchmark's, thrown away (a graceful stop waits for idle HTTP connections, seconds each time).
func (l *Local) Stop() {
	if l == nil {
		return
	}
	_ = l.cmd.Process.Kill()
	<-l.exited
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
