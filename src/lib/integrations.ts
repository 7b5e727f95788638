/**
 * The 30 integrations the dashboard offers (29 named services plus a generic webhook),
 * with the settings and credentials each connect dialog asks for. Credentials are secret: the
 * server stores them in a hidden field and never returns them.
 */
export interface IntegrationField {
  key: string;
  label: string;
  placeholder?: string;
  secret?: boolean;
  required?: boolean;
}

export interface IntegrationDefinition {
  type: string;
  name: string;
  category: 'E-commerce' | 'Analytics' | 'Behavior' | 'Testing' | 'Surveys' | 'Marketing' | 'Advertising' | 'Payments' | 'Automation';
  description: string;
  fields: IntegrationField[];
}

const apiKey: IntegrationField = { key: 'api_key', label: 'API Key', secret: true, required: true };
const siteId = (label = 'Site ID'): IntegrationField => ({ key: 'site_id', label, required: true });
const def = (
  type: string,
  name: string,
  category: IntegrationDefinition['category'],
  description: string,
  fields: IntegrationField[],
): IntegrationDefinition => ({
  type,
  name,
  category,
  description,
  fields,
});

export const INTEGRATIONS: IntegrationDefinition[] = [
  def('shopify', 'Shopify', 'E-commerce', 'Sync orders and revenue from your store', [
    { key: 'shop_domain', label: 'Shop domain', placeholder: 'your-store.myshopify.com', required: true },
    { key: 'access_token', label: 'Admin API access token', secret: true, required: true },
  ]),
  def('woocommerce', 'WooCommerce', 'E-commerce', 'Track WooCommerce orders', [
    { key: 'store_url', label: 'Store URL', required: true },
    { key: 'consumer_key', label: 'Consumer key', secret: true, required: true },
    { key: 'consumer_secret', label: 'Consumer secret', secret: true, required: true },
  ]),
  def('bigcommerce', 'BigCommerce', 'E-commerce', 'Track BigCommerce orders', [
    { key: 'store_hash', label: 'Store hash', required: true },
    { key: 'access_token', label: 'Access token', secret: true, required: true },
  ]),
  def('google_analytics', 'Google Analytics', 'Analytics', 'Link your GA4 property', [
    { key: 'property_id', label: 'Property ID', placeholder: 'G-XXXXXXXXXX or UA-XXXXXXXXX-X', required: true },
  ]),
  def('google_tag_manager', 'Google Tag Manager', 'Analytics', 'Load tags through GTM', [
    { key: 'container_id', label: 'Container ID', placeholder: 'GTM-XXXXXXX', required: true },
  ]),
  def('mixpanel', 'Mixpanel', 'Analytics', 'Send conversion events to Mixpanel', [
    { key: 'project_token', label: 'Project token', secret: true, required: true },
  ]),
  def('amplitude', 'Amplitude', 'Analytics', 'Send conversion events to Amplitude', [apiKey]),
  def('segment', 'Segment', 'Analytics', 'Stream events through Segment', [
    { key: 'write_key', label: 'Write key', secret: true, required: true },
  ]),
  def('hotjar', 'Hotjar', 'Behavior', 'Combine heatmaps with optimizations', [siteId('Hotjar site ID')]),
  def('fullstory', 'FullStory', 'Behavior', 'Link session replays', [{ key: 'org_id', label: 'Org ID', required: true }]),
  def('crazy_egg', 'Crazy Egg', 'Behavior', 'Import heatmap insights', [
    { key: 'account_number', label: 'Account number', required: true },
  ]),
  def('lucky_orange', 'Lucky Orange', 'Behavior', 'Import visitor recordings', [siteId()]),
  def('clarity', 'Microsoft Clarity', 'Behavior', 'Link Clarity projects', [{ key: 'project_id', label: 'Project ID', required: true }]),
  def('optimizely', 'Optimizely', 'Testing', 'Import experiments', [
    { key: 'project_id', label: 'Project ID', required: true },
    { key: 'access_token', label: 'Personal access token', secret: true, required: true },
  ]),
  def('vwo', 'VWO', 'Testing', 'Import VWO campaigns', [{ key: 'account_id', label: 'Account ID', required: true }, apiKey]),
  def('ab_tasty', 'AB Tasty', 'Testing', 'Import AB Tasty campaigns', [{ key: 'account_id', label: 'Account ID', required: true }, apiKey]),
  def('typeform', 'Typeform', 'Surveys', 'Use survey answers as insights', [
    { key: 'access_token', label: 'Personal access token', secret: true, required: true },
  ]),
  def('surveymonkey', 'SurveyMonkey', 'Surveys', 'Use survey answers as insights', [
    { key: 'access_token', label: 'Access token', secret: true, required: true },
  ]),
  def('qualtrics', 'Qualtrics', 'Surveys', 'Use survey answers as insights', [
    { key: 'datacenter', label: 'Datacenter ID', required: true },
    { key: 'api_token', label: 'API token', secret: true, required: true },
  ]),
  def('usertesting', 'UserTesting', 'Surveys', 'Link usability studies', [apiKey]),
  def('hubspot', 'HubSpot', 'Marketing', 'Sync leads and conversions', [
    { key: 'access_token', label: 'Private app token', secret: true, required: true },
  ]),
  def('mailchimp', 'Mailchimp', 'Marketing', 'Sync subscribers', [
    { key: 'server_prefix', label: 'Server prefix', placeholder: 'us21', required: true },
    apiKey,
  ]),
  def('klaviyo', 'Klaviyo', 'Marketing', 'Sync subscribers and flows', [
    { key: 'private_key', label: 'Private API key', secret: true, required: true },
  ]),
  def('activecampaign', 'ActiveCampaign', 'Marketing', 'Sync contacts', [
    { key: 'account_url', label: 'Account URL', required: true },
    apiKey,
  ]),
  def('facebook_pixel', 'Facebook Pixel', 'Advertising', 'Send conversions to Meta', [
    { key: 'pixel_id', label: 'Pixel ID', required: true },
    { key: 'access_token', label: 'Conversions API token', secret: true },
  ]),
  def('google_ads', 'Google Ads', 'Advertising', 'Send conversions to Google Ads', [
    { key: 'customer_id', label: 'Customer ID', placeholder: '123-456-7890', required: true },
    { key: 'conversion_label', label: 'Conversion label' },
  ]),
  def('stripe', 'Stripe', 'Payments', 'Attribute revenue to optimizations', [
    { key: 'secret_key', label: 'Restricted API key', secret: true, required: true },
  ]),
  def('slack', 'Slack', 'Automation', 'Get alerts in a channel', [
    { key: 'webhook_url', label: 'Incoming webhook URL', secret: true, required: true },
  ]),
  def('zapier', 'Zapier', 'Automation', 'Trigger zaps on conversions', [
    { key: 'webhook_url', label: 'Zap webhook URL', secret: true, required: true },
  ]),
  def('webhook', 'Webhook', 'Automation', 'POST events to your own endpoint', [
    { key: 'url', label: 'Endpoint URL', required: true },
    { key: 'secret', label: 'Signing secret', secret: true },
  ]),
];

export const INTEGRATION_TYPES = INTEGRATIONS.map((i) => i.type);

export type IntegrationInput = { settings: Record<string, string>; credentials: Record<string, string> };

/**
 * Splits and checks what a connect dialog submits. `hasStoredCredentials`: an update may leave
 * secret fields empty to keep the stored ones.
 */
export function validateIntegrationInput(
  type: string,
  values: unknown,
  hasStoredCredentials = false,
): { ok: true; value: IntegrationInput } | { ok: false; error: string } {
  const definition = INTEGRATIONS.find((i) => i.type === type);
  if (!definition) return { ok: false, error: 'Unknown integration type' };
  if (!values || typeof values !== 'object' || Array.isArray(values)) return { ok: false, error: 'Settings must be an object' };
  const input = values as Record<string, unknown>;
  const settings: Record<string, string> = {};
  const credentials: Record<string, string> = {};
  for (const field of definition.fields) {
    const raw = input[field.key];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') return { ok: false, error: `${field.label} must be text` };
    const v = (raw ?? '').trim();
    if (v.length > 2000) return { ok: false, error: `${field.label} is too long` };
    if (!v && field.required && !(field.secret && hasStoredCredentials)) return { ok: false, error: `${field.label} is required` };
    if (v) (field.secret ? credentials : settings)[field.key] = v;
  }
  return { ok: true, value: { settings, credentials } };
}
