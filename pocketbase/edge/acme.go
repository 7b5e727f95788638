package edge

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// httpsListener is the edge's TLS side: the same proxy over HTTPS with HTTP/2, certificates from
// the ACME CA (CRO_ACME_DIRECTORY, Let's Encrypt by default) kept in the data directory.
type httpsListener struct {
	server *http.Server
	certs  *Certificates
	port   string // the port redirects name; empty when it is 443
}

// startHTTPS listens on CRO_EDGE_HTTPS (nil when unset) and serves proxy there.
func startHTTPS(app core.App, dir *Directory, proxy http.Handler) (*httpsListener, error) {
	listen := strings.TrimSpace(os.Getenv("CRO_EDGE_HTTPS"))
	if listen == "" {
		return nil, nil
	}
	client, err := acmeHTTPClient(strings.TrimSpace(os.Getenv("CRO_ACME_CA_FILE")))
	if err != nil {
		return nil, err
	}
	certs := NewCertificates(dir, CertificateOptions{
		CacheDir:     filepath.Join(app.DataDir(), "edge_certificates"),
		DirectoryURL: strings.TrimSpace(os.Getenv("CRO_ACME_DIRECTORY")),
		Email:        strings.TrimSpace(os.Getenv("CRO_ACME_EMAIL")),
		HTTPClient:   client,
	})
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return nil, err
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	if port == "443" {
		port = ""
	}
	server := &http.Server{
		Handler:           proxy,
		TLSConfig:         certs.TLSConfig(),
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	go func() {
		// ServeTLS turns on HTTP/2 because the config offers "h2".
		if err := server.ServeTLS(ln, "", ""); err != nil && !errors.Is(err, http.ErrServerClosed) {
			app.Logger().Error("edge (HTTPS) stopped", "error", err)
		}
	}()
	app.Logger().Info("edge listening (HTTPS)", "address", listen)
	return &httpsListener{server: server, certs: certs, port: port}, nil
}

// acmeHTTPClient trusts caFile besides the system's roots for the ACME directory's own TLS; only a
// test CA (pebble) needs it.
func acmeHTTPClient(caFile string) (*http.Client, error) {
	if caFile == "" {
		return nil, nil
	}
	pem, err := os.ReadFile(caFile)
	if err != nil {
		return nil, fmt.Errorf("CRO_ACME_CA_FILE: %w", err)
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("CRO_ACME_CA_FILE: no certificate in %s", caFile)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	transport.TLSClientConfig = &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}
	return &http.Client{Transport: transport, Timeout: time.Minute}, nil
}
