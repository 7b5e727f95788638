package authdns

import (
	"context"
	"errors"
	"fmt"
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
		for _, network := range []string{"udp", "tcp"} {
			h := handler
			if network == "udp" {
				h = limited
			}
			if network == "tcp" && len(s.servers) > 0 && s.servers[len(s.servers)-1].PacketConn != nil {
				addr = s.servers[len(s.servers)-1].PacketConn.LocalAddr().String() // port 0: the same port as UDP
			}
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
					_ = s.Shutdown(context.Background())
					return nil, fmt.Errorf("DNS on %s/%s: %w", addr, network, err)
				}
			case <-time.After(5 * time.Second):
				_ = s.Shutdown(context.Background())
				return nil, fmt.Errorf("DNS on %s/%s did not start", addr, network)
			}
			s.servers = append(s.servers, srv)
		}
	}
	return s, nil
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
