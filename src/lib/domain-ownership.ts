/**
 * Proof that a site controls its domain (pocketbase/dnsverify/ownership.go): the site's
 * verification token published as a TXT record at `_upliftly-verify.<zone>`, where the zone is the
 * domain's registrable domain, at the DNS host the domain uses before it moves to the install's
 * nameservers. Until then the install serves nothing of the zone and the edge routes none of it.
 */
export const OWNERSHIP_RECORD_LABEL = '_upliftly-verify';

/** The same proof under a name that names no product: what white-labelled sites show; both are accepted. */
export const NEUTRAL_OWNERSHIP_RECORD_LABEL = '_cro-verify';

/** The TXT record's full name for a zone ('shop.com' -> '_upliftly-verify.shop.com'; white-labelled '_cro-verify.shop.com'). */
export const ownershipRecordName = (zone: string, whiteLabel = false): string =>
  `${whiteLabel ? NEUTRAL_OWNERSHIP_RECORD_LABEL : OWNERSHIP_RECORD_LABEL}.${zone}`;
