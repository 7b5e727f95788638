package edge

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"strings"
	"syscall"
	"time"

	"github.com/andybalholm/brotli"

	"cro/pocketbase/safefetch"
)

// loopHeader marks requests the edge sends, so an origin that points back at the edge is caught.
const loopHeader = "X-Upliftly-Edge"

// Options configure the proxy.
type Options struct {
	TrackerOrigin string // where /t/<key>.js is served (APP_URL)
	Brand         string // the product name on the error page
	AllowPrivate  bool   // tests only: origins on loopback and private networks
	// Config gives a site's tracker config by public key (analytics.TrackerConfig): the rules and
	// experiments applied in its pages. nil: pages get the snippet only.
	Config func(key string) []byte
	// Visitor gives the visitor id of a consent-free site's request (analytics.ConsentFreeVisitor:
	// site id, client address, User-Agent). nil or "": such visitors get no per-visitor changes.
	Visitor func(siteID, ip, ua string) string
	Cache   *Cache // static answers kept for every visitor; nil: none
	// App serves the hosts marked App (brands' dashboard domains): the install's own app.
	App http.Handler
}

type ctxKey struct{}

// request is what the proxy keeps about one visitor request between its stages.
type request struct {
	site     *Site
	host     string
	encoding string // what the visitor accepts for rewritten pages: "br", "gzip" or ""
	in       *http.Request
	who      *visitorInfo // decided once (Proxy.visitor)
}

// Proxy serves the directory's hosts from their origins.
type Proxy struct {
	dir     *Directory
	opts    Options
	reverse *httputil.ReverseProxy
}

// New builds the edge's handler.
func New(dir *Directory, opts Options) *Proxy {
	p := &Proxy{dir: dir, opts: opts}
	var origins http.RoundTripper = &retrying{next: transport(opts.AllowPrivate)}
	if opts.Cache != nil {
		origins = &caching{cache: opts.Cache, next: origins}
	}
	p.reverse = &httputil.ReverseProxy{
		Rewrite:        p.rewrite,
		ModifyResponse: p.modify,
		ErrorHandler:   p.fail,
		Transport:      origins,
		FlushInterval:  -1, // stream every write: a page's head reaches the visitor as the origin sends it
	}
	return p
}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get(loopHeader) != "" {
		http.Error(w, "Loop detected: this site's origin points back at the edge.", http.StatusLoopDetected)
		return
	}
	site := p.dir.Lookup(r.Host)
	if site == nil {
		// Never another site's content: a host this edge does not serve gets no page at all.
		http.Error(w, "Misdirected request: this server does not serve "+r.Host+".", http.StatusMisdirectedRequest)
		return
	}
	if site.App && p.opts.App != nil {
		p.opts.App.ServeHTTP(w, r)
		return
	}
	host := strings.ToLower(strings.Split(r.Host, ":")[0])
	if site.Origin == nil {
		writeErrorPage(w, http.StatusBadGateway, host, "No origin server is set for this site yet.", p.opts.Brand)
		return
	}
	req := &request{site: site, host: host, encoding: preferredEncoding(r.Header.Get("Accept-Encoding")), in: r}
	if p.redirect(w, req) {
		return
	}
	p.reverse.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, req)))
}

func (p *Proxy) rewrite(pr *httputil.ProxyRequest) {
	req := pr.In.Context().Value(ctxKey{}).(*request)
	pr.SetURL(req.site.Origin)
	pr.Out.Host = pr.In.Host // the origin serves the visitor's host name
	pr.SetXForwarded()
	pr.Out.Header.Set(loopHeader, "1")
	// Ask for gzip only when the visitor takes it: responses that are not rewritten pass through.
	if acceptsGzip(pr.In.Header.Get("Accept-Encoding")) {
		pr.Out.Header.Set("Accept-Encoding", "gzip")
	} else {
		pr.Out.Header.Del("Accept-Encoding")
	}
}

// modify streams HTML pages through the rewriter, compressed for the visitor.
func (p *Proxy) modify(res *http.Response) error {
	req := res.Request.Context().Value(ctxKey{}).(*request)
	if res.StatusCode != http.StatusOK || res.Request.Method == http.MethodHead || !isHTML(res.Header.Get("Content-Type")) || req.site.Key == "" {
		return nil
	}
	var body io.Reader = res.Body
	switch strings.ToLower(res.Header.Get("Content-Encoding")) {
	case "", "identity":
	case "gzip":
		gz, err := gzip.NewReader(res.Body)
		if err != nil {
			return nil // not the gzip it claims: passed on untouched
		}
		body = gz
	default:
		return nil
	}
	rewritten := Inject(Apply(res.Request.Context(), body, p.pageChanges(res, req)), Snippet(p.opts.TrackerOrigin, req.site.Key))
	out, in := io.Pipe()
	go compress(in, rewritten, req.encoding)
	res.Body = &pipeBody{PipeReader: out, origin: res.Body}
	res.ContentLength = -1
	res.Header.Del("Content-Length")
	res.Header.Del("Content-MD5")
	if etag := res.Header.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		res.Header.Set("ETag", "W/"+etag) // the bytes changed, the meaning did not
	}
	if req.encoding == "" {
		res.Header.Del("Content-Encoding")
	} else {
		res.Header.Set("Content-Encoding", req.encoding)
	}
	res.Header.Add("Vary", "Accept-Encoding")
	return nil
}

func (p *Proxy) fail(w http.ResponseWriter, r *http.Request, err error) {
	req, _ := r.Context().Value(ctxKey{}).(*request)
	host := r.Host
	if req != nil {
		host = req.host
	}
	reason := "Its server did not answer."
	if errors.Is(err, errRefusedOrigin) {
		reason = "Its origin is an address the edge may not reach."
	}
	writeErrorPage(w, http.StatusBadGateway, host, reason, p.opts.Brand)
}

// compress copies the page to the visitor's encoding, flushing after every chunk so that a page
// streamed by the origin stays streamed.
func compress(dst *io.PipeWriter, src io.Reader, encoding string) {
	var w io.Writer = dst
	var flush func() error
	var closeEnc func() error
	switch encoding {
	case "br":
		bw := brotli.NewWriterLevel(dst, 4)
		w, flush, closeEnc = bw, bw.Flush, bw.Close
	case "gzip":
		gw, _ := gzip.NewWriterLevel(dst, gzip.BestSpeed) // the page waits on it: speed over the last bytes
		w, flush, closeEnc = gw, gw.Flush, gw.Close
	}
	buf := make([]byte, 32<<10)
	var err error
	for {
		n, rerr := src.Read(buf)
		if n > 0 {
			if _, err = w.Write(buf[:n]); err == nil && flush != nil {
				err = flush()
			}
			if err != nil {
				break
			}
		}
		if rerr != nil {
			if rerr != io.EOF {
				err = rerr
			}
			break
		}
	}
	if closeEnc != nil {
		if cerr := closeEnc(); err == nil {
			err = cerr
		}
	}
	dst.CloseWithError(err)
}

// pipeBody closes the origin's body with the rewritten stream.
type pipeBody struct {
	*io.PipeReader
	origin io.Closer
}

func (b *pipeBody) Close() error {
	b.origin.Close()
	return b.PipeReader.Close()
}

func isHTML(contentType string) bool {
	mt, _, _ := mime.ParseMediaType(contentType)
	return mt == "text/html"
}

// offered are the encodings an Accept-Encoding header takes (q=0 refuses one).
func offered(accept string) map[string]bool {
	out := map[string]bool{}
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.ReplaceAll(params, " ", "") == "q=0" {
			continue
		}
		out[strings.ToLower(strings.TrimSpace(name))] = true
	}
	return out
}

// preferredEncoding is the visitor's best encoding the edge can produce: brotli, then gzip.
func preferredEncoding(accept string) string {
	offered := offered(accept)
	switch {
	case offered["br"]:
		return "br"
	case offered["gzip"]:
		return "gzip"
	}
	return ""
}

func acceptsGzip(accept string) bool { return offered(accept)["gzip"] }

var errRefusedOrigin = errors.New("origin address refused")

// transport dials origins, refusing private and loopback addresses (an owner's origin must not
// reach the install's own network) unless the tests allow them.
func transport(allowPrivate bool) http.RoundTripper {
	dialer := &net.Dialer{
		Timeout: 5 * time.Second,
		Control: func(network, address string, _ syscall.RawConn) error {
			if allowPrivate {
				return nil
			}
			ap, err := netip.ParseAddrPort(address)
			if err != nil || safefetch.IsRefusedIP(ap.Addr()) {
				return fmt.Errorf("%w: %s", errRefusedOrigin, address)
			}
			return nil
		},
	}
	return &http.Transport{
		DialContext:           dialer.DialContext,
		MaxIdleConnsPerHost:   64,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: 30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
}

// retrying tries a GET or HEAD once more when the origin refused the connection (a restart).
type retrying struct{ next http.RoundTripper }

func (t *retrying) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.next.RoundTrip(r)
	var op *net.OpError
	if err != nil && (r.Method == http.MethodGet || r.Method == http.MethodHead) && errors.As(err, &op) && op.Op == "dial" && !errors.Is(err, errRefusedOrigin) {
		select {
		case <-time.After(250 * time.Millisecond):
		case <-r.Context().Done():
			return nil, err
		}
		return t.next.RoundTrip(r)
	}
	return res, err
}
