// The dashboard shows the TXT record name the server checks: the label is written twice (the
// dashboard in src/lib, the server in Go), so this pins one to the other.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OWNERSHIP_RECORD_LABEL, ownershipRecordName } from '../../src/lib/domain-ownership';

describe('domain ownership record', () => {
  it('names the record under the zone, with the label the server checks', () => {
    const go = readFileSync(new URL('../../pocketbase/dnsverify/ownership.go', import.meta.url), 'utf8');
    expect(go).toContain(`const OwnershipLabel = "${OWNERSHIP_RECORD_LABEL}"`);
    expect(ownershipRecordName('shop.co.uk')).toBe('_upliftly-verify.shop.co.uk');
  });
});
