import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { ALL_CHECKS, FINDING_PATTERNS } from '../../src/lib/audit';

test('every finding linked to a pattern names a real check and a seeded library pattern', () => {
  const seeded = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../pocketbase/pb_hooks/lib/cro_patterns.json'), 'utf8')) as {
    name: string;
    rule_template: unknown;
  }[];
  const checks = new Set(ALL_CHECKS.map((c) => c.id));
  for (const [findingId, patternName] of Object.entries(FINDING_PATTERNS)) {
    expect(checks, findingId).toContain(findingId);
    const pattern = seeded.find((p) => p.name === patternName);
    expect(pattern, patternName).toBeDefined();
    expect(pattern?.rule_template, patternName).toBeTruthy();
  }
});
