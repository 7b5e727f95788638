package edge

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/acme/autocert"
)

// cacheCertificate stores a certificate for host the way autocert keeps one (key and chain in one
// PEM file named after the host) and returns it.
func cacheCertificate(t *testing.T, dir, host string) *x509.Certificate {
	t.Helper()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: host},
		DNSNames:     []string{host},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(60 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, _ := x509.MarshalECPrivateKey(key)
	var buf bytes.Buffer
	_ = pem.Encode(&buf, &pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	_ = pem.Encode(&buf, &pem.Block{Type: "CERTIFICATE", Bytes: der})
	if err := autocert.DirCache(dir).Put(context.Background(), host, buf.Bytes()); err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	return leaf
}

// tlsEdge runs the proxy over TLS with certificates from a stand-in CA that counts every request.
func tlsEdge(t *testing.T, origin string) (edge *httptest.Server, certs *Certificates, cacheDir string, caRequests *atomic.Int32) {
	t.Helper()
	u, _ := url.Parse(origin)
	dir := &Directory{}
	dir.Set(map[string]*Site{"shop.test": {ID: "site1", Key: "key111111111111111111111", Origin: u}})
	caRequests = &atomic.Int32{}
	ca := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		caRequests.Add(1)
		http.Error(w, "no", http.StatusServiceUnavailable)
	}))
	t.Cleanup(ca.Close)
	cacheDir = t.TempDir()
	certs = NewCertificates(dir, CertificateOptions{CacheDir: cacheDir, DirectoryURL: ca.URL})
	edge = httptest.NewUnstartedServer(New(dir, Options{TrackerOrigin: "https://app.test", Brand: "Upliftly", AllowPrivate: true}))
	edge.TLS = certs.TLSConfig()
	edge.EnableHTTP2 = true
	edge.StartTLS()
	t.Cleanup(edge.Close)
	return edge, certs, cacheDir, caRequests
}

func httpsClient(edge *httptest.Server, roots *x509.CertPool) *http.Client {
	addr := edge.Listener.Addr().String()
	return &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		TLSClientConfig:   &tls.Config{RootCAs: roots},
		ForceAttemptHTTP2: true,
	}}
}

func TestHTTPSServesTheHostsCertificateOverHTTP2WithTheSnippet(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte(page))
	}))
	defer origin.Close()
	edge, _, cacheDir, caRequests := tlsEdge(t, origin.URL)
	leaf := cacheCertificate(t, cacheDir, "shop.test")
	roots := x509.NewCertPool()
	roots.AddCert(leaf)

	res, err := httpsClient(edge, roots).Get("https://shop.test/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	want := strings.Replace(page, `<head data-x="1">`, `<head data-x="1">`+Snippet("https://app.test", "key111111111111111111111"), 1)
	if res.ProtoMajor != 2 || res.StatusCode != 200 || string(body) != want {
		t.Fatalf("%s %d\n%s", res.Proto, res.StatusCode, body)
	}
	if caRequests.Load() != 0 {
		t.Errorf("a cached certificate must not send the edge to the CA (%d requests)", caRequests.Load())
	}
}

func TestHTTPSRefusesAHostItDoesNotServeWithoutAskingTheCA(t *testing.T) {
	edge, _, cacheDir, caRequests := tlsEdge(t, "http://127.0.0.1:1")
	// Even a certificate still cached for a host the edge no longer serves is not used.
	leaf := cacheCertificate(t, cacheDir, "gone.test")
	roots := x509.NewCertPool()
	roots.AddCert(leaf)
	for _, host := range []string{"other.test", "gone.test"} {
		res, err := httpsClient(edge, roots).Get("https://" + host + "/")
		if err == nil {
			res.Body.Close()
			t.Fatalf("%s: the handshake succeeded (%d)", host, res.StatusCode)
		}
		if !strings.Contains(err.Error(), "tls") {
			t.Errorf("%s: want a TLS alert, got %v", host, err)
		}
	}
	if caRequests.Load() != 0 {
		t.Errorf("the edge asked the CA about a host it does not serve (%d requests)", caRequests.Load())
	}
}

func TestHTTPRedirectsToHTTPSOnceTheHostHasACertificate(t *testing.T) {
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("from the origin"))
	}))
	defer origin.Close()
	_, certs, cacheDir, _ := tlsEdge(t, origin.URL)
	plain := httptest.NewServer(certs.HTTPHandler(New(certs.dir, Options{AllowPrivate: true}), "8443"))
	defer plain.Close()
	ask := func(method, host string) *http.Response {
		req, _ := http.NewRequest(method, plain.URL+"/p?q=1", nil)
		req.Host = host
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := ask("GET", "shop.test"); res.StatusCode != 200 {
		t.Fatalf("without a certificate the page is served over HTTP: %d", res.StatusCode)
	}
	cacheCertificate(t, cacheDir, "shop.test")
	certs.unsecured.Clear() // what 10 s would do
	if res := ask("GET", "shop.test"); res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "https://shop.test:8443/p?q=1" {
		t.Errorf("with a certificate: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res := ask("POST", "shop.test"); res.StatusCode != 200 {
		t.Errorf("a form posted over HTTP is not redirected: %d", res.StatusCode)
	}
	if res := ask("GET", "other.test"); res.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("an unknown host: %d", res.StatusCode)
	}
	if res := ask("GET", "shop.test"); res.StatusCode != http.StatusMovedPermanently {
		t.Errorf("the redirect must stay: %d", res.StatusCode)
	}
}
