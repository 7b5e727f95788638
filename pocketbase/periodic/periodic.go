// Package periodic runs background work of the server (its own health checks, plan metering) while
// it serves: first after a delay, then every interval read from the environment, stopped when the
// app terminates. goja hooks cannot start such loops; PocketBase's cron has minute granularity only.
package periodic

import (
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/hook"
)

// Interval reads a number of seconds from env, or returns def when it is unset or not positive.
func Interval(env string, def time.Duration) time.Duration {
	if n, err := strconv.Atoi(os.Getenv(env)); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	return def
}

// Run calls work once the server serves (after first), then every interval, until termination.
func Run(app core.App, first, interval time.Duration, work func()) {
	stop := make(chan struct{})
	var once sync.Once
	app.OnServe().Bind(&hook.Handler[*core.ServeEvent]{
		Func: func(se *core.ServeEvent) error {
			go func() {
				select {
				case <-time.After(first):
				case <-stop:
					return
				}
				work()
				t := time.NewTicker(interval)
				defer t.Stop()
				for {
					select {
					case <-t.C:
						work()
					case <-stop:
						return
					}
				}
			}()
			return se.Next()
		},
	})
	app.OnTerminate().BindFunc(func(e *core.TerminateEvent) error {
		once.Do(func() { close(stop) })
		return e.Next()
	})
}
