package main

import (
	"log"
	"net/http"
	"net/http/pprof"
	"os"
)

// startPprof serves Go's profiler on CRO_PPROF_ADDR (a loopback host:port, for benchmarks and
// diagnosis: `go tool pprof http://<addr>/debug/pprof/profile?seconds=30`); unset, nothing listens.
// Its own mux and listener, so the profiler is never reachable through the app's port.
func startPprof() {
	addr := os.Getenv("CRO_PPROF_ADDR")
	if addr == "" {
		return
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	go func() {
		if err := http.ListenAndServe(addr, mux); err != nil {
			log.Printf("pprof: %v", err)
		}
	}()
}
