// The edge (pocketbase/edge/snippet.go) injects the same snippet Speed & Tracking shows; the same
// fixture runs in Go.
import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/tracking-snippet.json';
import { trackingSnippet } from '../../src/lib/tracking-snippet';

describe('tracking snippet contract', () => {
  it.each(fixture.cases)('$origin $key', ({ origin, key, snippet }) => {
    expect(trackingSnippet(origin, key)).toBe(snippet);
  });
});
