package dnsverify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/miekg/dns"
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"

	"cro/pocketbase/domainzone"
)

// OwnershipLabel is the name, under the zone, of the TXT record that proves control of it
// (src/lib/domain-ownership.ts shows the same name in the dashboard).
const OwnershipLabel = "_upliftly-verify"

// NeutralOwnershipLabel is the same proof under a name that names no product, which white-labelled
// sites' dashboards show (their clients never see the product's name); either is accepted.
const NeutralOwnershipLabel = "_cro-verify"

// OwnershipName is where a site publishes its verification token for zone.
func OwnershipName(zone string) string { return OwnershipLabel + "." + zone }

// OwnershipNames are the names a token is looked for at: the product's, then the neutral one.
func OwnershipNames(zone string) []string {
	return []string{OwnershipName(zone), NeutralOwnershipLabel + "." + zone}
}

// LookupProof reports whether token is published at one of zone's ownership names.
func LookupProof(ctx context.Context, resolver, zone, token string) (bool, error) {
	var lastErr error
	for _, name := range OwnershipNames(zone) {
		found, err := LookupTXT(ctx, resolver, name)
		if err != nil {
			lastErr = err
		}
		for _, v := range found {
			if token != "" && strings.TrimSpace(v) == token {
				return true, nil
			}
		}
	}
	return false, lastErr
}

// LookupTXT asks the resolver for the TXT records of name (each record's strings joined). A name
// that does not exist has none: that is no error.
func LookupTXT(ctx context.Context, resolver, name string) ([]string, error) {
	q := new(dns.Msg)
	q.SetQuestion(dns.Fqdn(name), dns.TypeTXT)
	client := &dns.Client{Timeout: 3 * time.Second}
	reply, _, err := client.ExchangeContext(ctx, q, resolver)
	if err == nil && reply.Truncated {
		client.Net = "tcp"
		reply, _, err = client.ExchangeContext(ctx, q, resolver)
	}
	switch {
	case err != nil:
		return nil, err
	case reply.Rcode == dns.RcodeNameError:
		return nil, nil
	case reply.Rcode != dns.RcodeSuccess:
		return nil, fmt.Errorf("the resolver answered %s", dns.RcodeToString[reply.Rcode])
	}
	var out []string
	for _, rr := range reply.Answer {
		if t, ok := rr.(*dns.TXT); ok && strings.EqualFold(t.Hdr.Name, dns.Fqdn(name)) {
			out = append(out, strings.Join(t.Txt, ""))
		}
	}
	return out, nil
}

// errClaimed: another site already proved control of the zone.
var errClaimed = errors.New("claimed")

// proveOwnership makes sure the site proved control of its domain's zone before anything of the
// zone is served: it already did, or its token is published at _upliftly-verify.<zone> where the
// domain's DNS is hosted today (asked through the resolver, before any delegation to us). It
// returns whether the site holds the proof now, and when it does not, what to do.
func proveOwnership(ctx context.Context, app core.App, site *core.Record, userID string, delegated bool, nsErr error) (bool, string) {
	zone := domainzone.Of(site.GetString("domain"))
	if site.GetBool("ownership_verified") && site.GetString("verification_zone") == zone {
		return true, ""
	}
	if msg := claimedMessage(app, site, zone, userID); msg != "" {
		return false, msg
	}
	token := site.GetString("verification_token")
	name := OwnershipName(zone)
	if site.GetString("brand_id") != "" {
		name = NeutralOwnershipLabel + "." + zone // a brand's site: its dashboard shows the neutral name
	}
	found, txtErr := LookupProof(ctx, ResolverAddress(), zone, token)
	if found {
		err := record(app, site.Id, zone)
		if errors.Is(err, errClaimed) {
			return false, claimedMessage(app, site, zone, userID)
		}
		if err != nil {
			return false, "Could not save the proof of ownership. Please try again."
		}
		return true, ""
	}
	add := fmt.Sprintf("add a TXT record named %s with the value %s", name, token)
	switch {
	case delegated:
		return false, fmt.Sprintf("%s already uses our nameservers, but you have not proved that you control it, so they do not answer for it yet. Set its nameservers back to your previous DNS host, %s there, verify, then switch to our nameservers again.", zone, add)
	case errors.Is(nsErr, ErrNXDomain):
		return false, fmt.Sprintf("%s does not exist in DNS (NXDOMAIN). Register the domain, then %s at its DNS host.", zone, add)
	case txtErr != nil:
		return false, fmt.Sprintf("Could not look up the TXT records of %s: %v. Please try again in a few minutes.", name, txtErr)
	}
	return false, fmt.Sprintf("Prove that you control %s: %s where its DNS is hosted today (your registrar or DNS provider), then verify again. Changes can take 5-60 minutes.", zone, add)
}

// record saves the proof. The unique index on (verification_zone) of proved sites refuses a
// second site of the zone, however close together two checks run.
func record(app core.App, siteID, zone string) error {
	return app.RunInTransaction(func(tx core.App) error {
		fresh, err := tx.FindRecordById("sites", siteID)
		if err != nil {
			return err
		}
		if other, _ := holder(tx, zone, siteID); other != nil {
			return errClaimed
		}
		fresh.Set("verification_zone", zone)
		fresh.Set("ownership_verified", true)
		if err := tx.Save(fresh); err != nil {
			if other, _ := holder(tx, zone, siteID); other != nil {
				return errClaimed
			}
			return err
		}
		return nil
	})
}

// holder is the other site that proved control of zone, if any.
func holder(app core.App, zone, siteID string) (*core.Record, error) {
	return app.FindFirstRecordByFilter("sites", "verification_zone = {:zone} && ownership_verified = true && id != {:id}",
		dbx.Params{"zone": zone, "id": siteID})
}

// claimedMessage says who must release a zone another site holds, without naming an account the
// user is not part of. Empty when no other site holds it.
func claimedMessage(app core.App, site *core.Record, zone, userID string) string {
	other, err := holder(app, zone, site.Id)
	if err != nil || other == nil {
		return ""
	}
	for _, id := range other.GetStringSlice("manager_ids") {
		if id == userID {
			return fmt.Sprintf("%s is already connected to your site %s. Remove it there (or change that site's domain) before connecting it here.", zone, other.GetString("domain"))
		}
	}
	return fmt.Sprintf("%s is already connected to another account. It must be removed from that account before it can be connected here.", zone)
}
