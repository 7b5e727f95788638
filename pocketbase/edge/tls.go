package edge

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// Certificates obtains and renews one certificate per served host through ACME, and tells the
// HTTP listener which hosts already have one (those are redirected to HTTPS).
type Certificates struct {
	manager *autocert.Manager
	dir     *Directory
	// secured holds the hosts known to have a certificate; unsecured when a host was last found
	// without one, so plain HTTP requests do not read the cache directory every time.
	secured   sync.Map // host -> struct{}
	unsecured sync.Map // host -> time.Time
	prefetch  *prefetcher
}

// CertificateOptions configure the ACME client.
type CertificateOptions struct {
	CacheDir     string        // certificates, their keys and the ACME account key
	DirectoryURL string        // the CA's ACME directory; empty: Let's Encrypt production
	Email        string        // the account's contact, for the CA's expiry notices; may be empty
	HTTPClient   *http.Client  // talks to the CA; nil: the default client
	RenewBefore  time.Duration // zero: autocert's default, 30 days before expiry
	// RetryAfter is the first wait after a failed prefetch, doubled up to an hour; zero: 70 s,
	// since autocert answers a failed host from memory for a minute.
	RetryAfter time.Duration
}

// NewCertificates asks the CA only for hosts the directory serves at that moment.
func NewCertificates(dir *Directory, opts CertificateOptions) *Certificates {
	c := &Certificates{dir: dir}
	c.manager = &autocert.Manager{
		Prompt:      autocert.AcceptTOS,
		Cache:       autocert.DirCache(opts.CacheDir),
		HostPolicy:  c.served,
		Email:       opts.Email,
		RenewBefore: opts.RenewBefore,
		Client:      &acme.Client{DirectoryURL: opts.DirectoryURL, HTTPClient: opts.HTTPClient},
	}
	if opts.DirectoryURL == "" {
		c.manager.Client.DirectoryURL = autocert.DefaultACMEDirectory
	}
	retry := opts.RetryAfter
	if retry <= 0 {
		retry = 70 * time.Second
	}
	c.prefetch = newPrefetcher(c.obtain, c.prefetchWanted, retry, max(retry, time.Hour))
	return c
}

// PrefetchActive asks, in the background, for the certificate of every host the directory marks
// for it (the apex and www of Active sites) that has none yet, so the first visitor's handshake
// finds it in the cache instead of waiting for the CA.
func (c *Certificates) PrefetchActive() {
	var hosts []string
	for host, site := range c.dir.All() {
		if site.Prefetch {
			hosts = append(hosts, host)
		}
	}
	c.prefetch.Want(hosts)
}

// Close stops the prefetches in progress.
func (c *Certificates) Close() { c.prefetch.Close() }

func (c *Certificates) prefetchWanted(host string) bool {
	site := c.dir.Lookup(host)
	return site != nil && site.Prefetch
}

// obtain is a handshake without a client: autocert takes the certificate from its cache, or asks
// the CA (sharing the work with a visitor's handshake for the same host), and keeps it renewed.
func (c *Certificates) obtain(_ context.Context, host string) error {
	if _, err := c.manager.GetCertificate(prefetchHello(host)); err != nil {
		return err
	}
	c.secured.Store(host, struct{}{})
	c.unsecured.Delete(host)
	return nil
}

var errNotServed = errors.New("this edge does not serve that host")

func (c *Certificates) served(_ context.Context, host string) error {
	if c.dir.Lookup(host) == nil {
		return errNotServed
	}
	return nil
}

// TLSConfig offers HTTP/2, HTTP/1.1 and the tls-alpn-01 challenge.
func (c *Certificates) TLSConfig() *tls.Config {
	cfg := c.manager.TLSConfig()
	cfg.GetCertificate = c.getCertificate
	cfg.MinVersion = tls.VersionTLS12
	return cfg
}

// getCertificate notes the hosts that got their certificate. autocert checks the host policy
// before its cache, so a removed site's name gets no certificate even while one is still cached.
func (c *Certificates) getCertificate(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
	challenge := slices.Contains(hello.SupportedProtos, acme.ALPNProto)
	cert, err := c.manager.GetCertificate(hello)
	if err == nil && !challenge {
		host := normalHost(hello.ServerName)
		c.secured.Store(host, struct{}{})
		c.unsecured.Delete(host)
	}
	return cert, err
}

// HasCertificate says whether host has a certificate in the cache (issued earlier, maybe by
// another run of the server).
func (c *Certificates) HasCertificate(ctx context.Context, host string) bool {
	host = normalHost(host)
	if _, ok := c.secured.Load(host); ok {
		return true
	}
	if at, ok := c.unsecured.Load(host); ok && time.Since(at.(time.Time)) < 10*time.Second {
		return false
	}
	// autocert stores an ECDSA certificate under the host's name, an RSA one with "+rsa".
	for _, name := range []string{host, host + "+rsa"} {
		if _, err := c.manager.Cache.Get(ctx, name); err == nil {
			c.secured.Store(host, struct{}{})
			return true
		}
	}
	c.unsecured.Store(host, time.Now())
	return false
}

// HTTPHandler answers http-01 challenges and sends visitors of a host that has a certificate to
// HTTPS (GET and HEAD only: a form posted over HTTP keeps working); other requests reach next.
func (c *Certificates) HTTPHandler(next http.Handler, httpsPort string) http.Handler {
	redirect := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.Method == http.MethodGet || r.Method == http.MethodHead) && c.dir.Lookup(r.Host) != nil && c.HasCertificate(r.Context(), r.Host) {
			host := normalHost(r.Host)
			if httpsPort != "" && httpsPort != "443" {
				host = net.JoinHostPort(host, httpsPort)
			}
			http.Redirect(w, r, "https://"+host+r.URL.RequestURI(), http.StatusMovedPermanently)
			return
		}
		next.ServeHTTP(w, r)
	})
	return c.manager.HTTPHandler(redirect)
}

func normalHost(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	return strings.TrimSuffix(strings.ToLower(host), ".")
}
