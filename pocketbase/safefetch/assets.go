package safefetch

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"
)

// MaxAssets bounds how many stylesheet and script references one scan measures.
const MaxAssets = 20

// AssetSizes measures the transfer size of stylesheet and script URLs with the same address
// rules as pages: HEAD first, then a GET counted up to the body cap when no length is given.
// Unknown sizes (refused, failed, over time) are -1. At most MaxAssets URLs, 4 at a time, all
// within half the page timeout (5 s by default), so a whole scan stays within 15 s.
func (c Config) AssetSizes(ctx context.Context, urls []string) map[string]int64 {
	if len(urls) > MaxAssets {
		urls = urls[:MaxAssets]
	}
	ctx, cancel := context.WithTimeout(ctx, c.Timeout/2)
	defer cancel()
	client := c.client(c.Timeout / 2)
	out := make(map[string]int64, len(urls))
	var mu sync.Mutex
	var wg sync.WaitGroup
	slots := make(chan struct{}, 4)
	for _, raw := range urls {
		wg.Add(1)
		go func(raw string) {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			size := c.assetSize(ctx, client, raw)
			mu.Lock()
			out[raw] = size
			mu.Unlock()
		}(raw)
	}
	wg.Wait()
	return out
}

func (c Config) assetSize(ctx context.Context, client *http.Client, raw string) int64 {
	u, ferr := c.NormalizeURL(raw)
	if ferr != nil {
		return -1
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, method := range []string{http.MethodHead, http.MethodGet} {
		req, err := http.NewRequestWithContext(ctx, method, u.String(), nil)
		if err != nil {
			return -1
		}
		req.Header.Set("User-Agent", c.UserAgent)
		resp, err := client.Do(req)
		if err != nil {
			return -1
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			resp.Body.Close()
			if method == http.MethodHead {
				continue // some servers refuse HEAD
			}
			return -1
		}
		if resp.ContentLength >= 0 && (method == http.MethodGet || resp.ContentLength > 0) {
			resp.Body.Close()
			return resp.ContentLength
		}
		if method == http.MethodGet {
			n, _ := io.Copy(io.Discard, io.LimitReader(resp.Body, c.MaxBytes))
			resp.Body.Close()
			return n
		}
		resp.Body.Close()
	}
	return -1
}
