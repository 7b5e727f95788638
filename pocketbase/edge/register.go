package edge

import (
	"context"
	"cro/pocketbase/collect"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pocketbase/pocketbase/apis"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/analytics"
	"cro/pocketbase/whitelabel"
)

// Register runs the edge on CRO_EDGE_HTTP (off when unset), and over TLS on CRO_EDGE_HTTPS, for
// the hosts of every zone the install's DNS serves, reloaded whenever a site or a DNS record
// changes, and checks the owner's edge_origin on every site write.
func Register(app core.App) {
	app.OnRecordValidate("sites").BindFunc(func(e *core.RecordEvent) error {
		if err := CheckOrigin(e.Record.GetString("edge_origin")); err != nil {
			return apis.NewBadRequestError(err.Error(), nil)
		}
		return e.Next()
	})
	listen := strings.TrimSpace(os.Getenv("CRO_EDGE_HTTP"))
	var cache *Cache
	if listen != "" {
		cache = CacheFromEnv()
	}
	registerCacheRoutes(app, cache)
	if listen == "" {
		return
	}
	dir := &Directory{}
	var certs atomic.Pointer[Certificates] // set once HTTPS runs; reloads then prefetch
	reload := func() {
		hosts, err := LoadDirectory(app)
		if err != nil {
			app.Logger().Error("edge hosts not reloaded", "error", err)
			return
		}
		dir.Set(hosts)
		if c := certs.Load(); c != nil {
			c.PrefetchActive()
		}
	}
	var mu sync.Mutex
	var pending *time.Timer
	schedule := func() {
		mu.Lock()
		defer mu.Unlock()
		if pending == nil {
			pending = time.AfterFunc(50*time.Millisecond, func() {
				mu.Lock()
				pending = nil
				mu.Unlock()
				reload()
			})
		}
	}
	// Brands' dashboard domains come and go with their proof and their organization's plan.
	for _, c := range []string{"sites", "dns_records", "brands", "organizations", "subscriptions"} {
		app.OnRecordAfterCreateSuccess(c).BindFunc(func(e *core.RecordEvent) error { schedule(); return e.Next() })
		app.OnRecordAfterUpdateSuccess(c).BindFunc(func(e *core.RecordEvent) error { schedule(); return e.Next() })
		app.OnRecordAfterDeleteSuccess(c).BindFunc(func(e *core.RecordEvent) error { schedule(); return e.Next() })
	}
	var server *http.Server
	var secure *httpsListener
	app.OnServe().BindFunc(func(se *core.ServeEvent) error {
		reload()
		tracker := strings.TrimRight(strings.TrimSpace(os.Getenv("APP_URL")), "/")
		if tracker == "" {
			tracker = "http://" + se.Server.Addr
		}
		brand := strings.TrimSpace(os.Getenv("APP_NAME"))
		if brand == "" {
			brand = "Upliftly"
		}
		ln, err := net.Listen("tcp", listen)
		if err != nil {
			return err
		}
		var handler http.Handler = New(dir, Options{TrackerOrigin: tracker, Brand: brand, AllowPrivate: os.Getenv("CRO_EDGE_ALLOW_PRIVATE") == "1",
			Config: analytics.TrackerConfig, Visitor: collect.ConsentFreeVisitor, Cache: cache,
			// The app's handler is built after the serve hooks: reached through the server at request time.
			App: whitelabel.Dashboard(app, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { se.Server.Handler.ServeHTTP(w, r) }))})
		if secure, err = startHTTPS(app, dir, handler); err != nil {
			return err
		} else if secure != nil {
			handler = secure.certs.HTTPHandler(handler, secure.port)
			certs.Store(secure.certs)
			secure.certs.PrefetchActive()
		}
		server = &http.Server{
			Handler:           handler,
			ReadHeaderTimeout: 10 * time.Second,
			IdleTimeout:       120 * time.Second,
		}
		go func() {
			if err := server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				app.Logger().Error("edge stopped", "error", err)
			}
		}()
		app.Logger().Info("edge listening", "address", listen)
		return se.Next()
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		if server != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			_ = server.Shutdown(ctx)
		}
		if secure != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			defer cancel()
			secure.certs.Close()
			_ = secure.server.Shutdown(ctx)
		}
		return e.Next()
	})
}

// CheckOrigin accepts an empty origin (use the DNS records) or an http(s) address of a server.
func CheckOrigin(raw string) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return errors.New("The origin must be an http:// or https:// address of your server, such as https://origin.example.com.")
	}
	return nil
}
