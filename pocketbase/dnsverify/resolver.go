package dnsverify

import (
	"bufio"
	"net"
	"os"
	"strings"
)

// ResolverAddress is CRO_DNS_RESOLVER ("host" or "host:port"), else the first nameserver of
// /etc/resolv.conf, else 127.0.0.1:53.
func ResolverAddress() string {
	if v := strings.TrimSpace(os.Getenv("CRO_DNS_RESOLVER")); v != "" {
		return withPort(v)
	}
	if f, err := os.Open("/etc/resolv.conf"); err == nil {
		defer f.Close()
		s := bufio.NewScanner(f)
		for s.Scan() {
			fields := strings.Fields(s.Text())
			if len(fields) >= 2 && fields[0] == "nameserver" {
				return withPort(fields[1])
			}
		}
	}
	return "127.0.0.1:53"
}

func withPort(addr string) string {
	if _, _, err := net.SplitHostPort(addr); err == nil {
		return addr
	}
	return net.JoinHostPort(strings.Trim(addr, "[]"), "53")
}
