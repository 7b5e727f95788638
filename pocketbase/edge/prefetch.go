package edge

import (
	"context"
	"crypto/tls"
	"sync"
	"time"
)

// prefetcher asks for certificates ahead of the first visit: once per host, in the background,
// again after a failure with a doubling wait, until it succeeds or the host is no longer wanted.
type prefetcher struct {
	obtain     func(ctx context.Context, host string) error
	wanted     func(host string) bool // still served and still to be prefetched
	minBackoff time.Duration
	maxBackoff time.Duration
	slots      chan struct{} // at most this many requests to the CA at once

	mu    sync.Mutex
	hosts map[string]bool // host -> done; present while in progress too, so a reload starts no twin
	ctx   context.Context
	stop  context.CancelFunc
}

func newPrefetcher(obtain func(context.Context, string) error, wanted func(string) bool, minBackoff, maxBackoff time.Duration) *prefetcher {
	ctx, stop := context.WithCancel(context.Background())
	return &prefetcher{obtain: obtain, wanted: wanted, minBackoff: minBackoff, maxBackoff: maxBackoff,
		slots: make(chan struct{}, 2), hosts: map[string]bool{}, ctx: ctx, stop: stop}
}

// Want starts the work for each host not already obtained or in progress.
func (p *prefetcher) Want(hosts []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, host := range hosts {
		if _, seen := p.hosts[host]; seen {
			continue
		}
		p.hosts[host] = false
		go p.run(host)
	}
}

// Done says whether host's certificate was obtained.
func (p *prefetcher) Done(host string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hosts[host]
}

func (p *prefetcher) run(host string) {
	wait := p.minBackoff
	for {
		if !p.wanted(host) {
			break // a removed or no longer active host: a later Want starts over
		}
		select {
		case p.slots <- struct{}{}:
		case <-p.ctx.Done():
			return
		}
		err := p.obtain(p.ctx, host)
		<-p.slots
		if err == nil {
			p.mu.Lock()
			p.hosts[host] = true
			p.mu.Unlock()
			return
		}
		select {
		case <-time.After(wait):
		case <-p.ctx.Done():
			return
		}
		wait = min(2*wait, p.maxBackoff)
	}
	p.mu.Lock()
	delete(p.hosts, host)
	p.mu.Unlock()
}

// Close stops every wait and request in progress.
func (p *prefetcher) Close() { p.stop() }

// prefetchHello is the handshake autocert sees for a prefetch: a client that takes ECDSA, so the
// certificate is the one a browser's handshake asks for (autocert keeps ECDSA and RSA apart).
func prefetchHello(host string) *tls.ClientHelloInfo {
	return &tls.ClientHelloInfo{
		ServerName:        host,
		SignatureSchemes:  []tls.SignatureScheme{tls.ECDSAWithP256AndSHA256},
		SupportedCurves:   []tls.CurveID{tls.CurveP256},
		CipherSuites:      []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		SupportedVersions: []uint16{tls.VersionTLS13, tls.VersionTLS12},
	}
}
