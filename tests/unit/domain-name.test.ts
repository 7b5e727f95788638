import { describe, expect, it } from 'vitest';
import { normalizeDomain } from '../../src/lib/domain-name';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  HTTPS://WWW.Example.COM/path?q=1#x ', 'www.example.com'],
    ['http://user:pw@shop.example.co.uk:8080/', 'shop.example.co.uk'],
    ['example.com.', 'example.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
  ])('%s -> %s', (input, domain) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain });
  });

  it.each(['', '   ', 'localhost', 'exa mple.com', '-bad.com', 'bad-.com', '192.168.0.1', 'a..com', `${'a'.repeat(64)}.com`])(
    'rejects %j',
    (input) => {
      expect(normalizeDomain(input).ok).toBe(false);
    },
  );

  it('asks for a domain when empty', () => {
    expect(normalizeDomain('')).toEqual({ ok: false, error: 'Please enter a domain name' });
  });
});
