package reports

import (
	"strings"
	"testing"
)

func TestCheckRecipients(t *testing.T) {
	allowed := []string{"owner@shop.test", "editor@shop.test"}
	got, err := CheckRecipients([]any{" Owner@Shop.test ", "editor@shop.test", "owner@shop.test"}, allowed)
	if err != nil || strings.Join(got, ",") != "owner@shop.test,editor@shop.test" {
		t.Fatalf("normalised recipients: %v, %v", got, err)
	}
	many := []any{}
	for i := 0; i < 21; i++ {
		many = append(many, strings.Repeat("a", i+1)+"@shop.test")
	}
	for _, c := range []struct {
		raw  any
		want string
	}{
		{[]any{}, "Add at least one recipient."},
		{nil, "Add at least one recipient."},
		{"owner@shop.test", "Recipients must be a list of email addresses."},
		{[]any{"not-an-address"}, `"not-an-address" is not a valid email address.`},
		{[]any{"Owner <owner@shop.test>"}, `"Owner <owner@shop.test>" is not a valid email address.`},
		{[]any{"owner@localhost"}, `"owner@localhost" is not a valid email address.`},
		{many, "A report can go to at most 20 recipients."},
		{[]any{"owner@shop.test", "stranger@example.com"}, "Not a member of this site: stranger@example.com."},
	} {
		_, err := CheckRecipients(c.raw, allowed)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.raw, err, c.want)
		}
	}
}
