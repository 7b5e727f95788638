package authdns

import (
	"context"
	"errors"
	"fmt"
	"net"
	"syscall"
	"time"

	"github.com/miekg/dns"
)

// Server answers on each address over UDP and TCP.
type Server struct {
	servers []*dns.Server
}

// Listen starts serving zones on every address ("host:port"); it returns once all listen. UDP
// answers are rate-limited per source prefix (rrl.go), shared by every address.
func Listen(addresses []string, handler dns.Handler) (*Server, error) {
	s := &Server{}
	limited := newRateLimiter().limit(handler)
	for _, addr := range addresses {
		pair, err := listenPair(addr, handler, limited)
		if err != nil {
			_ = s.Shutdown(context.Background())
			return nil, err
		}
		s.servers = append(s.servers, pair...)
	}
	return s, nil
}

// listenPair serves one address over UDP and TCP on the same port. With port 0 the UDP port is
// picked first; when TCP finds that port taken by another program, another port is tried.
func listenPair(addr string, handler, limited dns.Handler) ([]*dns.Server, error) {
	_, port, _ := net.SplitHostPort(addr)
	attempts := 1
	if port == "0" {
		attempts = 20
	}
	var err error
	for i := 0; i < attempts; i++ {
		var udp, tcp *dns.Server
		if udp, err = serve(addr, "udp", limited); err != nil {
			return nil, err
		}
		if tcp, err = serve(udp.PacketConn.LocalAddr().String(), "tcp", handler); err == nil {
			return []*dns.Server{udp, tcp}, nil
		}
		_ = udp.ShutdownContext(context.Background())
		if !errors.Is(err, syscall.EADDRINUSE) {
			break
		}
	}
	return nil, err
}

// serve starts one listener and returns once it listens.
func serve(addr, network string, h dns.Handler) (*dns.Server, error) {
	started := make(chan error, 1)
	srv := &dns.Server{
		Addr: addr, Net: network, Handler: h,
		ReadTimeout: 2 * time.Second, WriteTimeout: 2 * time.Second,
		NotifyStartedFunc: func() { started <- nil },
	}
	go func() {
		if err := srv.ListenAndServe(); err != nil {
			select {
			case started <- err:
			default:
			}
		}
	}()
	select {
	case err := <-started:
		if err != nil {
			return nil, fmt.Errorf("DNS on %s/%s: %w", addr, network, err)
		}
		return srv, nil
	case <-time.After(5 * time.Second):
		_ = srv.ShutdownContext(context.Background())
		return nil, fmt.Errorf("DNS on %s/%s did not start", addr, network)
	}
}

// Addr is where the first UDP server listens (useful with port 0 in tests).
func (s *Server) Addr() string {
	for _, srv := range s.servers {
		if srv.PacketConn != nil {
			return srv.PacketConn.LocalAddr().String()
		}
	}
	return ""
}

// Shutdown stops every listener.
func (s *Server) Shutdown(ctx context.Context) error {
	var errs []error
	for _, srv := range s.servers {
		errs = append(errs, srv.ShutdownContext(ctx))
	}
	return errors.Join(errs...)
}
