import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, INTEGRATION_TYPES, validateIntegrationInput } from '../../src/lib/integrations';

describe('integration catalogue', () => {
  it('offers the 30 types of the data model, each once, each with at least one field', () => {
    expect(INTEGRATIONS).toHaveLength(30);
    expect(new Set(INTEGRATION_TYPES).size).toBe(30);
    for (const t of ['shopify', 'google_analytics', 'ab_tasty', 'facebook_pixel', 'zapier', 'webhook'])
      expect(INTEGRATION_TYPES).toContain(t);
    for (const i of INTEGRATIONS) expect(i.fields.length).toBeGreaterThan(0);
  });
});

describe('validateIntegrationInput', () => {
  it('splits trimmed settings from secret credentials and drops unknown keys', () => {
    expect(validateIntegrationInput('mailchimp', { server_prefix: ' us21 ', api_key: 'k', extra: 'x' })).toEqual({
      ok: true,
      value: { settings: { server_prefix: 'us21' }, credentials: { api_key: 'k' } },
    });
  });
  it('requires required fields, except a secret already stored', () => {
    expect(validateIntegrationInput('mailchimp', { server_prefix: 'us21' })).toEqual({ ok: false, error: 'API Key is required' });
    expect(validateIntegrationInput('mailchimp', { server_prefix: 'us21' }, true)).toMatchObject({ ok: true });
    expect(validateIntegrationInput('mailchimp', { api_key: 'k' }, true)).toEqual({ ok: false, error: 'Server prefix is required' });
  });
  it('rejects unknown types, non-objects, non-text and oversize values', () => {
    expect(validateIntegrationInput('myspace', {})).toMatchObject({ ok: false, error: 'Unknown integration type' });
    expect(validateIntegrationInput('slack', [])).toMatchObject({ ok: false });
    expect(validateIntegrationInput('slack', null)).toMatchObject({ ok: false });
    expect(validateIntegrationInput('slack', { webhook_url: 5 })).toEqual({ ok: false, error: 'Incoming webhook URL must be text' });
    expect(validateIntegrationInput('slack', { webhook_url: 'x'.repeat(2001) })).toEqual({
      ok: false,
      error: 'Incoming webhook URL is too long',
    });
  });
});
