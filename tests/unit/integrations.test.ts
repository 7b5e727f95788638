import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, INTEGRATION_TYPES, integrationWorks, validateIntegrationInput } from '../../src/lib/integrations';

describe('integration catalogue', () => {
  it('offers the 30 types of the data model, each once, each with at least one field', () => {
    expect(INTEGRATIONS).toHaveLength(30);
    expect(new Set(INTEGRATION_TYPES).size).toBe(30);
    for (const t of ['shopify', 'google_analytics', 'ab_tasty', 'facebook_pixel', 'zapier', 'webhook'])
      expect(INTEGRATION_TYPES).toContain(t);
    for (const i of INTEGRATIONS) expect(i.fields.length).toBeGreaterThan(0);
  });

  it('says what each one does: the delivering and receiving ones, and why the others cannot work here', () => {
    const byMode = (mode: string) =>
      INTEGRATIONS.filter((i) => i.mode === mode)
        .map((i) => i.type)
        .sort();
    expect(byMode('outbound')).toEqual([
      'amplitude',
      'facebook_pixel',
      'google_analytics',
      'mixpanel',
      'segment',
      'slack',
      'webhook',
      'zapier',
    ]);
    expect(byMode('inbound')).toEqual(['shopify', 'stripe', 'woocommerce']);
    expect(byMode('browser')).toEqual(['google_tag_manager']);
    expect(INTEGRATIONS.find((i) => i.type === 'google_tag_manager')!.note).toContain(
      "{event: 'cro_exposure', cro_experiment_id, cro_variant_id}",
    );
    for (const i of INTEGRATIONS) expect(i.note.length).toBeGreaterThan(20);
    expect(INTEGRATIONS.find((i) => i.type === 'hubspot')!.note).toContain('OAuth');
    expect(INTEGRATIONS.find((i) => i.type === 'hubspot')!.note).toContain('Webhook integration');
    expect(integrationWorks('hotjar')).toBe(false);
    expect(integrationWorks('slack')).toBe(true);
    expect(integrationWorks('google_tag_manager')).toBe(true);
  });
});

describe('validateIntegrationInput', () => {
  it('splits trimmed settings from secret credentials and drops unknown keys', () => {
    expect(validateIntegrationInput('facebook_pixel', { pixel_id: ' 123456 ', access_token: 'k', extra: 'x' })).toEqual({
      ok: true,
      value: { settings: { pixel_id: '123456' }, credentials: { access_token: 'k' } },
    });
  });
  it('requires required fields, except a secret already stored', () => {
    expect(validateIntegrationInput('facebook_pixel', { pixel_id: '123456' })).toEqual({
      ok: false,
      error: 'Conversions API token is required',
    });
    expect(validateIntegrationInput('facebook_pixel', { pixel_id: '123456' }, true)).toMatchObject({ ok: true });
    expect(validateIntegrationInput('facebook_pixel', { access_token: 'k' }, true)).toEqual({ ok: false, error: 'Pixel ID is required' });
  });
  it('refuses the integrations that cannot work on this install', () => {
    expect(validateIntegrationInput('mailchimp', { server_prefix: 'us21', api_key: 'k' })).toEqual({
      ok: false,
      error: 'Mailchimp cannot be connected on this install',
    });
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
