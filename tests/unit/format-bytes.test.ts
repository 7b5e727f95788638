import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/lib/format';

describe('formatBytes', () => {
  it('picks the largest binary unit under 1024 and keeps at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.3 GB');
    expect(formatBytes(-5)).toBe('0 B');
  });
});
