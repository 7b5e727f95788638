/**
 * The DNS records an owner keeps in a site's zone on the install's nameservers. The server
 * (pocketbase/authdns) checks every record; these are the shapes the form offers.
 */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'CAA'] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const DNS_DEFAULT_TTL = 3600;

/** What the value of each type looks like, shown as the form's placeholder. */
export const DNS_VALUE_EXAMPLES: Record<DnsRecordType, string> = {
  A: '203.0.113.10',
  AAAA: '2001:db8::10',
  CNAME: 'shops.example.net',
  MX: 'mx1.mail-provider.net',
  TXT: 'v=spf1 include:_spf.mail-provider.net ~all',
  CAA: '0 issue "letsencrypt.org"',
};

export interface DnsRecordInput {
  name: string;
  type: DnsRecordType;
  value: string;
  ttl: number;
  priority: number;
}
