package status

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// HTTPProbe passes when method+path on the server itself answers with the wanted status; body
// (nil for none) is built for each check.
func HTTPProbe(method, path string, body func() string, want int) Probe {
	return func(ctx context.Context, base string) error {
		var rd io.Reader
		if body != nil {
			rd = strings.NewReader(body())
		}
		req, err := http.NewRequestWithContext(ctx, method, base+path, rd)
		if err != nil {
			return err
		}
		if body != nil {
			req.Header.Set("Content-Type", "text/plain")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<20))
		if res.StatusCode != want {
			return fmt.Errorf("%s %s answered %d, want %d", method, path, res.StatusCode, want)
		}
		return nil
	}
}

// FuncProbe adapts a check that needs no HTTP call.
func FuncProbe(check func() error) Probe {
	return func(context.Context, string) error { return check() }
}
