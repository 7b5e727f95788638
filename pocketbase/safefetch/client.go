package safefetch

import (
	"net/http"
	"net/url"
	"time"
)

// Client is the guarded HTTP client for other callers than the scan (outbound integrations): every
// connection passes the same address checks, and redirects are refused, because a delivery target
// that redirects could point the server at its own network after the URL was checked.
func (c Config) Client(timeout time.Duration) *http.Client {
	client := c.client(timeout)
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return client
}

// CheckURL refuses what the guarded client would refuse before connecting: other schemes than
// http(s), credentials in the URL, refused ports and refused IP literals.
func (c Config) CheckURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || len(raw) > 2048 {
		return newError(CodeInvalidURL)
	}
	if _, ferr := c.checkURL(u); ferr != nil {
		return ferr
	}
	return nil
}
