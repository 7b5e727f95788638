package dnsverify

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Verdict is the answer of the verify-dns route.
type Verdict struct {
	Verified bool   `json:"verified"`
	Message  string `json:"message"`
	Owned    bool   `json:"owned"` // the site proved control of its domain's zone (ownership.go)
}

// Judge compares what a lookup found with the site's assigned pair. Both assigned nameservers
// must be among the delegation's NS records.
func Judge(domain string, assigned []string, found NSResult, lookupErr error) Verdict {
	want := make([]string, 0, len(assigned))
	for _, a := range assigned {
		if a = normalizeHost(a); a != "" {
			want = append(want, a)
		}
	}
	expected := strings.Join(want, " and ")
	switch {
	case errors.Is(lookupErr, ErrNXDomain):
		return Verdict{Message: fmt.Sprintf("%s does not exist in DNS (NXDOMAIN). Register the domain, then set its nameservers to %s.", domain, expected)}
	case lookupErr != nil:
		return Verdict{Message: fmt.Sprintf("Could not look up the nameservers of %s: %v. Please try again in a few minutes.", domain, lookupErr)}
	case len(found.Nameservers) == 0:
		return Verdict{Message: fmt.Sprintf("No nameservers found for %s yet. Set them to %s; changes can take 5-60 minutes.", domain, expected)}
	}
	have := map[string]bool{}
	for _, ns := range found.Nameservers {
		have[ns] = true
	}
	for _, w := range want {
		if !have[w] {
			list := append([]string(nil), found.Nameservers...)
			sort.Strings(list)
			return Verdict{Message: fmt.Sprintf("Nameservers found for %s: %s. Expected %s.", found.Zone, strings.Join(list, ", "), expected)}
		}
	}
	if len(want) == 0 {
		return Verdict{Message: "This site has no assigned nameservers."}
	}
	return Verdict{Verified: true, Message: fmt.Sprintf("%s uses %s. Your domain is now active.", found.Zone, expected)}
}
