// Package safefetch fetches pages of websites named by users without letting them reach the
// server's own network: every destination is checked after DNS resolution and again at connect
// time (so a DNS answer that changes between the two cannot slip through), on every redirect.
package safefetch

import (
	"context"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"
)

// Page is a fetched HTML document.
type Page struct {
	URL         string // after redirects
	Status      int
	ContentType string
	Body        string
	Bytes       int
	Elapsed     time.Duration
}

var errRefused = errors.New("refused address")
var errTooManyRedirects = errors.New("too many redirects")

// client returns an HTTP client whose every connection goes through the address checks.
func (c Config) client(timeout time.Duration) *http.Client {
	dialer := &net.Dialer{
		Timeout: timeout,
		// Control runs on the socket about to connect, with the final numeric address.
		Control: func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !c.destinationAllowed(ap) {
				return errRefused
			}
			return nil
		},
	}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would hide the real destination from the checks
		DialContext:            c.dialContext(dialer),
		TLSHandshakeTimeout:    timeout,
		ResponseHeaderTimeout:  timeout,
		MaxResponseHeaderBytes: 64 << 10,
		DisableKeepAlives:      true,
		ForceAttemptHTTP2:      true,
	}
	return &http.Client{
		Timeout:   timeout,
		Transport: transport,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > c.MaxRedirects {
				return errTooManyRedirects
			}
			if _, ferr := c.checkURL(req.URL); ferr != nil {
				return ferr
			}
			return nil
		},
	}
}

// dialContext resolves the host itself, drops refused addresses and dials the rest; the dialer's
// Control re-checks the address actually connected to.
func (c Config) dialContext(dialer *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		host = strings.ToLower(host)
		if pinned, ok := c.LocalPins[host]; ok {
			// Only this name reaches this address: the connect-time check allows exactly it.
			local := *dialer
			local.Control = func(_, address string, _ syscall.RawConn) error {
				ap, err := netip.ParseAddrPort(address)
				if err != nil || normalizeAddrPort(ap) != pinned {
					return errRefused
				}
				return nil
			}
			return local.DialContext(ctx, network, pinned.String())
		}
		if pinned, ok := c.Resolve[host]; ok {
			if !c.destinationAllowed(pinned) {
				return nil, errRefused
			}
			return dialer.DialContext(ctx, network, pinned.String())
		}
		var ips []netip.Addr
		if ip, perr := netip.ParseAddr(host); perr == nil {
			ips = []netip.Addr{ip}
		} else {
			ips, err = net.DefaultResolver.LookupNetIP(ctx, "ip", host)
			if err != nil {
				return nil, err
			}
		}
		portNum, err := net.LookupPort(network, port)
		if err != nil {
			return nil, err
		}
		var lastErr error = errRefused
		for _, ip := range ips {
			ap := netip.AddrPortFrom(ip.Unmap(), uint16(portNum))
			if !c.destinationAllowed(ap) {
				continue
			}
			conn, derr := dialer.DialContext(ctx, network, ap.String())
			if derr == nil {
				return conn, nil
			}
			lastErr = derr
		}
		return nil, lastErr
	}
}

// FetchPage GETs an HTML page within the configured time, size and redirect limits.
func (c Config) FetchPage(ctx context.Context, rawURL string) (*Page, *Error) {
	u, ferr := c.NormalizeURL(rawURL)
	if ferr != nil {
		return nil, ferr
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, newError(CodeInvalidURL)
	}
	req.Header.Set("User-Agent", c.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1")
	resp, err := c.client(c.Timeout).Do(req)
	if err != nil {
		return nil, classify(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, statusError(resp.StatusCode)
	}
	if resp.ContentLength > c.MaxBytes {
		return nil, newError(CodeTooLarge)
	}
	contentType := resp.Header.Get("Content-Type")
	if contentType != "" && !isHTMLType(contentType) {
		return nil, newError(CodeNotHTML)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.MaxBytes+1))
	if err != nil {
		return nil, classify(err)
	}
	if int64(len(body)) > c.MaxBytes {
		return nil, newError(CodeTooLarge)
	}
	if contentType == "" && !isHTMLType(http.DetectContentType(body)) {
		return nil, newError(CodeNotHTML)
	}
	text := string(body)
	if !utf8.ValidString(text) {
		text = strings.ToValidUTF8(text, "\uFFFD")
	}
	return &Page{
		URL:         resp.Request.URL.String(),
		Status:      resp.StatusCode,
		ContentType: contentType,
		Body:        text,
		Bytes:       len(body),
		Elapsed:     time.Since(start),
	}, nil
}

func isHTMLType(contentType string) bool {
	mediaType, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return mediaType == "text/html" || mediaType == "application/xhtml+xml"
}

// classify maps a transport error to the user-facing failure.
func classify(err error) *Error {
	var ferr *Error
	if errors.As(err, &ferr) {
		return ferr
	}
	if errors.Is(err, errRefused) {
		return newError(CodeRefusedAddress)
	}
	if errors.Is(err, errTooManyRedirects) {
		return newError(CodeTooManyRedirects)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return newError(CodeTimeout)
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return newError(CodeTimeout)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) && urlErr.Timeout() {
		return newError(CodeTimeout)
	}
	return newError(CodeUnreachable)
}
