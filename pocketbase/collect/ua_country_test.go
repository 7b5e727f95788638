package collect

import "testing"

func TestVisitorCountry(t *testing.T) {
	const se = "130.237.28.40" // KTH, Stockholm: the bundled database places it in Sweden
	cases := []struct{ header, value, ip, want string }{
		{"", "", se, "SE"},                   // no proxy header configured: the database answers
		{"X-Country", "DE", se, "DE"},        // the configured header wins
		{"X-Country", "", se, "SE"},          // header configured but absent: the database
		{"X-Country", "XX", "8.8.8.8", "US"}, // unknown code from the proxy: the database
		{"", "", "127.0.0.1", ""},            // a loopback address is nowhere
	}
	for _, c := range cases {
		if got := VisitorCountry(c.header, c.value, c.ip); got != c.want {
			t.Errorf("VisitorCountry(%q, %q, %q) = %q, want %q", c.header, c.value, c.ip, got, c.want)
		}
	}
}
