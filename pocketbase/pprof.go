package main

import (
	"log"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
)

// startPprof serves Go's profiler on CRO_PPROF_ADDR (a loopback host:port, for benchmarks and
// diagnosis: `go tool pprof http://<addr>/debug/pprof/profile?seconds=30`); unset, nothing listens.
// Its own mux and listener, so the profiler is never reachable through the app's port. Only the
// long-running processes listen (serve, collect): a benchmark starts several with one environment,
// and one-shot commands (seeds, copies, superuser upsert) beside them have nothing to profile.
func startPprof(args []string) {
	addr := os.Getenv("CRO_PPROF_ADDR")
	if addr == "" || len(args) < 2 || (args[1] != "serve" && args[1] != "collect") {
		return
	}
	ln, err := listenPprof(addr)
	if err != nil {
		log.Printf("pprof: %v", err)
		return
	}
	// The benchmarks print this line: which process profiles where.
	log.Printf("pprof: %s listening on http://%s/debug/pprof/ (pid %d)", args[1], ln.Addr(), os.Getpid())
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go func() {
		if err := http.Serve(ln, mux); err != nil {
			log.Printf("pprof: %v", err)
		}
	}()
}

// listenPprof listens on addr, or, when another process holds its port (a second server or a
// collector of the same run), on a free port of the same host (port 0 always asks for one).
func listenPprof(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err == nil {
		return ln, nil
	}
	host, _, splitErr := net.SplitHostPort(addr)
	if splitErr != nil {
		return nil, err
	}
	return net.Listen("tcp", net.JoinHostPort(host, "0"))
}
