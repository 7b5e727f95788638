package render

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// StartTimeout bounds starting Chromium; it is not part of a rendering's Timeout, which is about
// the page alone.
const StartTimeout = 60 * time.Second

// browser is one Chromium process kept running for every scan, so a scan pays for a new tab, not a
// new process (starting one takes seconds on a busy machine). Each rendering gets its own browser
// context (cookies, storage, cache), thrown away with its tab: scans share nothing but the process.
type browser struct {
	mu     sync.Mutex
	path   string
	ctx    context.Context // the browser's chromedp context; done when the process is gone
	cancel context.CancelFunc
}

// shared is the process every rendering of this server uses.
var shared = &browser{}

// tab opens a tab in a fresh browser context of the running Chromium at path, starting (or
// restarting, after a crash or a change of path) the process first. The caller cancels the tab.
func (b *browser) tab(path string) (context.Context, context.CancelFunc, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.ensureLocked(path); err != nil {
		return nil, nil, err
	}
	tctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	return tctx, cancel, nil
}

func (b *browser) ensureLocked(path string) error {
	if b.ctx != nil && b.ctx.Err() == nil && b.path == path {
		return nil
	}
	return b.startLocked(path)
}

func (b *browser) startLocked(path string) error {
	b.closeLocked()
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), execOptions(path)...)
	bctx, cancelBrowser := chromedp.NewContext(actx)
	cancel := func() { cancelBrowser(); cancelAlloc() }
	started := make(chan error, 1)
	go func() { started <- chromedp.Run(bctx) }() // the first Run starts the process
	select {
	case err := <-started:
		if err != nil {
			cancel()
			return err
		}
	case <-time.After(StartTimeout):
		cancel()
		return errors.New("render: Chromium did not start")
	}
	b.ctx, b.cancel, b.path = bctx, cancel, path
	return nil
}

func (b *browser) closeLocked() {
	if b.cancel != nil {
		b.cancel()
	}
	b.ctx, b.cancel, b.path = nil, nil, ""
}

// Warm starts the browser in the background so the first scan does not wait for it.
func Warm(path string) {
	go func() {
		shared.mu.Lock()
		defer shared.mu.Unlock()
		_ = shared.ensureLocked(path) // a failure is retried by the first scan
	}()
}

// Close stops the browser (a later rendering starts it again).
func Close() {
	shared.mu.Lock()
	defer shared.mu.Unlock()
	shared.closeLocked()
}

func execOptions(chromium string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoSandbox,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("no-proxy-server", false),
		chromedp.ProxyServer("http://127.0.0.1:9"),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"),
		chromedp.WindowSize(ViewportW, ViewportH),
	}
}
