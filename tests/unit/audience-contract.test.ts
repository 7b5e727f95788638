import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import fixture from '../fixtures/contracts/audiences.json';
import userAgents from '../fixtures/contracts/user-agent-families.json';
import { browserOf, osOf } from '../../src/tracker/audience';
import { AUDIENCE_KINDS, audienceMatches, type AudienceContext, type AudienceDefinition } from '../../src/lib/contracts/audience';

// The same file runs in Go (pocketbase/audience/audience_test.go): the tracker's and the edge's
// evaluators put every context in the same audiences.
describe('audience contract', () => {
  it('covers every condition kind over at least 60 visitor contexts', () => {
    const kinds = new Set(fixture.audiences.flatMap((a) => a.definition.conditions.map((c) => c.kind)));
    expect([...kinds].sort()).toEqual([...AUDIENCE_KINDS].sort());
    expect(fixture.contexts.length).toBeGreaterThanOrEqual(60);
  });

  it.each(fixture.contexts.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const got = fixture.audiences
      .filter((a) => audienceMatches(a.definition as AudienceDefinition, c.context as AudienceContext))
      .map((a) => a.name);
    expect(got).toEqual(c.matches);
  });

  it('is the file scripts/audience-fixture.mjs writes', () => {
    expect(() => execFileSync(process.execPath, ['scripts/audience-fixture.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});

describe('user agent families', () => {
  it.each(userAgents.cases.map((c) => [c.ua, c] as const))('%s', (_ua, c) => {
    expect([browserOf(c.ua), osOf(c.ua)]).toEqual([c.browser, c.os]);
  });
});
