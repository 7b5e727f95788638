package geoip

import "testing"

// SwedishTestAddress is the fixed address the tests use for a visitor in Sweden (KTH's network).
const SwedishTestAddress = "130.237.28.40"

func TestCountry(t *testing.T) {
	cases := map[string]string{
		SwedishTestAddress:             "SE",
		"::ffff:" + SwedishTestAddress: "SE",
		"8.8.8.8":                      "US",
		"127.0.0.1":                    "",
		"10.1.2.3":                     "",
		"192.168.0.10":                 "",
		"::1":                          "",
		"fe80::1":                      "",
		"not an address":               "",
		"":                             "",
	}
	for ip, want := range cases {
		if got := Country(ip); got != want {
			t.Errorf("Country(%q) = %q, want %q", ip, got, want)
		}
	}
}
