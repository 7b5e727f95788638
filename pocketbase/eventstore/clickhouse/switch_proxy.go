package clickhouse

import (
	"io"
	"net"
	"sync/atomic"
)

// SwitchProxy forwards TCP connections to a target while Up, and refuses them while down: a
// ClickHouse that goes away and comes back at the same address (the spool's and the collectors'
// tests, as StartLocal is the tests' server).
type SwitchProxy struct {
	ln     net.Listener
	target string
	Up     atomic.Bool
}

// NewSwitchProxy listens on a free local port, down until Up is set.
func NewSwitchProxy(target string) (*SwitchProxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &SwitchProxy{ln: ln, target: target}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			if !p.Up.Load() {
				c.Close()
				continue
			}
			go func() {
				defer c.Close()
				b, err := net.Dial("tcp", p.target)
				if err != nil {
					return
				}
				defer b.Close()
				go func() { _, _ = io.Copy(b, c) }()
				_, _ = io.Copy(c, b)
			}()
		}
	}()
	return p, nil
}

// Addr is the proxy's host:port.
func (p *SwitchProxy) Addr() string { return p.ln.Addr().String() }

// Close stops listening.
func (p *SwitchProxy) Close() error { return p.ln.Close() }
