package main

import (
	"net/http"
	"testing"
)

// Two processes of one run given the same CRO_PPROF_ADDR (a benchmark's servers and collectors)
// each serve the profiler: the second on a free port of the same host, not failing on the first's.
func TestPprofSecondListenerTakesAFreePort(t *testing.T) {
	first, err := listenPprof("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	second, err := listenPprof(first.Addr().String())
	if err != nil {
		t.Fatalf("a second listener on %s: %v", first.Addr(), err)
	}
	defer second.Close()
	if second.Addr().String() == first.Addr().String() {
		t.Fatalf("both listeners on %s", first.Addr())
	}
	go func() { _ = http.Serve(second, http.NotFoundHandler()) }()
	res, err := http.Get("http://" + second.Addr().String() + "/")
	if err != nil {
		t.Fatalf("the second listener does not answer: %v", err)
	}
	res.Body.Close()
}
