// Package mailqueue sends mail outside the request that asked for it, so that a slow or broken
// SMTP server never holds up a sign-up. goja cannot start background work, so the JS hooks hand
// messages to this queue:
//
//	$mailqueue.send(message, label)       -> true, or false when the queue is full
//	$mailqueue.sendVerification(record)   -> true, or false when the queue is full
//
// A failed send is logged as "mail: <label> failed" with the recipient and the error.
package mailqueue

import (
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/mails"
	"github.com/pocketbase/pocketbase/tools/mailer"
)

// queueSize bounds the mails waiting for SMTP; workers bounds the open SMTP connections.
const (
	queueSize = 1000
	workers   = 2
)

type job struct {
	label string
	to    string
	send  func() error
	// done, when set, learns how the send ended (a scheduled report records it and retries).
	done func(error)
}

// Queue is started once per app; BindJS exposes it to every JS runtime of the hooks pool.
type Queue struct {
	app  core.App
	jobs chan job

	mu       sync.Mutex
	lastOK   time.Time
	lastFail time.Time
	lastErr  string
}

// Start runs the queue's workers for the life of the process.
func Start(app core.App) *Queue {
	q := &Queue{app: app, jobs: make(chan job, queueSize)}
	for i := 0; i < workers; i++ {
		go q.work()
	}
	return q
}

func (q *Queue) work() {
	for j := range q.jobs {
		err := j.send()
		q.mu.Lock()
		if err != nil {
			q.lastFail, q.lastErr = time.Now(), err.Error()
		} else {
			q.lastOK = time.Now()
		}
		q.mu.Unlock()
		if err != nil {
			q.app.Logger().Error("mail: "+j.label+" failed", "to", j.to, "error", err.Error())
		}
		if j.done != nil {
			j.done(err)
		}
	}
}

func (q *Queue) enqueue(j job) bool {
	select {
	case q.jobs <- j:
		return true
	default:
		q.app.Logger().Error("mail: queue full, "+j.label+" dropped", "to", j.to)
		return false
	}
}

// Health fails when the newest send failed (and none succeeded since) or the queue is nearly full.
func (q *Queue) Health() error {
	if len(q.jobs) > queueSize*9/10 {
		return errors.New("the mail queue is nearly full")
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.lastFail.IsZero() && q.lastFail.After(q.lastOK) {
		return errors.New("the last mail could not be sent: " + q.lastErr)
	}
	return nil
}

// Send queues a prepared message.
func (q *Queue) Send(msg *mailer.Message, label string) bool {
	return q.SendThen(msg, label, nil)
}

// SendThen queues a prepared message (attachments included) and calls done with the outcome of
// the send, from the queue's worker. It returns false, without calling done, when the queue is full.
func (q *Queue) SendThen(msg *mailer.Message, label string, done func(error)) bool {
	if msg == nil {
		return false
	}
	to := make([]string, 0, len(msg.To))
	for _, a := range msg.To {
		to = append(to, a.Address)
	}
	return q.enqueue(job{label: label, to: strings.Join(to, ", "), done: done, send: func() error {
		return q.app.NewMailClient().Send(msg)
	}})
}

// SendVerification queues PocketBase's own verification mail for an auth record.
func (q *Queue) SendVerification(record *core.Record) bool {
	if record == nil {
		return false
	}
	return q.enqueue(job{label: "verification mail", to: record.Email(), send: func() error {
		return mails.SendRecordVerification(q.app, record)
	}})
}

// BindJS sets $mailqueue in a hooks runtime (see jsvm.Config.OnInit).
func (q *Queue) BindJS(vm *goja.Runtime) {
	obj := vm.NewObject()
	_ = obj.Set("send", func(msg *mailer.Message, label string) bool {
		if label == "" {
			label = "mail"
		}
		return q.Send(msg, label)
	})
	_ = obj.Set("sendVerification", q.SendVerification)
	_ = vm.Set("$mailqueue", obj)
}
