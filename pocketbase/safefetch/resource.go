package safefetch

import (
	"context"
	"io"
	"net/http"
)

// Resource is a sub-resource (script, stylesheet) fetched for the page renderer.
type Resource struct {
	Status      int
	ContentType string
	Body        []byte
}

// FetchResource GETs a sub-resource of a page through the same checks as the page itself (URL,
// every connected address, every redirect), within the size limit. The page renderer answers each
// request of the browser with it, so the browser never connects anywhere by itself.
func (c Config) FetchResource(ctx context.Context, rawURL string) (*Resource, *Error) {
	u, ferr := c.NormalizeURL(rawURL)
	if ferr != nil {
		return nil, ferr
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, newError(CodeInvalidURL)
	}
	req.Header.Set("User-Agent", c.UserAgent)
	resp, err := c.client(c.Timeout).Do(req)
	if err != nil {
		return nil, classify(err)
	}
	defer resp.Body.Close()
	if resp.ContentLength > c.MaxBytes {
		return nil, newError(CodeTooLarge)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.MaxBytes+1))
	if err != nil {
		return nil, classify(err)
	}
	if int64(len(body)) > c.MaxBytes {
		return nil, newError(CodeTooLarge)
	}
	return &Resource{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Body: body}, nil
}
