/**
 * The 30 integrations the dashboard offers (29 named services plus a generic webhook),
 * with the settings and credentials each connect dialog asks for and what each really does on
 * this install. Credentials are secret: the server seals them in a hidden field and never
 * returns them.
 */
export interface IntegrationField {
  key: string;
  label: string;
  placeholder?: string;
  secret?: boolean;
  required?: boolean;
}

/**
 * What an integration does: `outbound` delivers the product's events to the vendor, `inbound`
 * receives signed order webhooks, `browser` is done by the tracker in the visitor's browser (it is
 * connected once saved: nothing is delivered from the server, so there is no delivery log),
 * `unavailable` cannot work on a self-hosted install (the card says why and offers the generic
 * webhook; it never shows 'connected').
 */
export type IntegrationMode = 'outbound' | 'inbound' | 'browser' | 'unavailable';

export interface IntegrationDefinition {
  type: string;
  name: string;
  category: 'E-commerce' | 'Analytics' | 'Behavior' | 'Testing' | 'Surveys' | 'Marketing' | 'Advertising' | 'Payments' | 'Automation';
  description: string;
  fields: IntegrationField[];
  mode: IntegrationMode;
  /** What the integration does here, or why it cannot; shown on its card. */
  note: string;
}

const apiKey: IntegrationField = { key: 'api_key', label: 'API Key', secret: true, required: true };
const siteId = (label = 'Site ID'): IntegrationField => ({ key: 'site_id', label, required: true });
const ALERTS = 'rollbacks, guardrail pauses, declared winners and sample ratio alerts';
const EVENTS = 'Sends experiment exposures and verified conversions';
const NO_API = 'runs its own script on your site and offers no API that accepts data from another product, so there is nothing to send.';
const APP_NEEDED = 'needs an app registered and approved by the vendor (OAuth), which a self-hosted install cannot have.';
const WEBHOOK_INSTEAD = ' Use the Webhook integration to pass Upliftly events to your own automation.';

const def = (
  type: string,
  name: string,
  category: IntegrationDefinition['category'],
  description: string,
  fields: IntegrationField[],
  mode: IntegrationMode = 'unavailable',
  note = `${name} ${APP_NEEDED}${WEBHOOK_INSTEAD}`,
): IntegrationDefinition => ({
  type,
  name,
  category,
  description,
  fields,
  mode,
  note,
});
const webhookSecret = (label: string): IntegrationField => ({ key: 'webhook_secret', label, secret: true, required: true });

export const INTEGRATIONS: IntegrationDefinition[] = [
  def(
    'shopify',
    'Shopify',
    'E-commerce',
    'Sync orders and revenue from your store',
    [
      { key: 'shop_domain', label: 'Shop domain', placeholder: 'your-store.myshopify.com', required: true },
      webhookSecret('Webhook signing secret'),
    ],
    'inbound',
    'Counts each order as a verified purchase of the visitor who placed it. In Shopify: Settings, Notifications, Webhooks, "Order creation" in JSON to the webhook URL below; the theme adds the cart attribute cro_visitor_id.',
  ),
  def(
    'woocommerce',
    'WooCommerce',
    'E-commerce',
    'Track WooCommerce orders',
    [{ key: 'store_url', label: 'Store URL', required: true }, webhookSecret('Webhook secret')],
    'inbound',
    'Counts processing and completed orders as verified purchases. In WooCommerce: Settings, Advanced, Webhooks, topic "Order created" to the webhook URL below; the checkout stores cro_visitor_id in the order meta.',
  ),
  def(
    'bigcommerce',
    'BigCommerce',
    'E-commerce',
    'Track BigCommerce orders',
    [
      { key: 'store_hash', label: 'Store hash', required: true },
      { key: 'access_token', label: 'Access token', secret: true, required: true },
    ],
    'unavailable',
    'BigCommerce order webhooks are not received on this install yet. Send purchases with the public API (POST /v1/conversions), or use the Webhook integration for alerts.',
  ),
  def(
    'google_analytics',
    'Google Analytics',
    'Analytics',
    'Link your GA4 property',
    [
      { key: 'property_id', label: 'Property ID', placeholder: 'G-XXXXXXXXXX or UA-XXXXXXXXX-X', required: true },
      { key: 'api_secret', label: 'Measurement Protocol API secret', secret: true },
    ],
    'outbound',
    `${EVENTS} to the GA4 property as events (Measurement Protocol) once an API secret is saved.`,
  ),
  def(
    'google_tag_manager',
    'Google Tag Manager',
    'Analytics',
    'Push experiment exposures to the dataLayer',
    [{ key: 'container_id', label: 'Container ID', placeholder: 'GTM-XXXXXXX' }],
    'browser',
    "The tracker pushes each exposure to your page's dataLayer, once per page view: {event: 'cro_exposure', cro_experiment_id, cro_variant_id} for an A/B test, {event: 'cro_rule_exposure', cro_rule_id} for an optimization. Ids only (test names stay private); visitors who opted out or send Do Not Track are not pushed. In GTM, trigger a tag on the custom event cro_exposure and read the two Data Layer Variables.",
  ),
  def(
    'mixpanel',
    'Mixpanel',
    'Analytics',
    'Send conversion events to Mixpanel',
    [{ key: 'project_token', label: 'Project token', secret: true, required: true }],
    'outbound',
    `${EVENTS} to Mixpanel (ingestion API).`,
  ),
  def(
    'amplitude',
    'Amplitude',
    'Analytics',
    'Send conversion events to Amplitude',
    [apiKey],
    'outbound',
    `${EVENTS} to Amplitude (HTTP V2 API).`,
  ),
  def(
    'segment',
    'Segment',
    'Analytics',
    'Stream events through Segment',
    [{ key: 'write_key', label: 'Write key', secret: true, required: true }],
    'outbound',
    `${EVENTS} to Segment (HTTP tracking API) as Experiment Viewed and Order Completed.`,
  ),
  def('hotjar', 'Hotjar', 'Behavior', 'Combine heatmaps with optimizations', [siteId('Hotjar site ID')], 'unavailable', `Hotjar ${NO_API}`),
  def(
    'fullstory',
    'FullStory',
    'Behavior',
    'Link session replays',
    [{ key: 'org_id', label: 'Org ID', required: true }],
    'unavailable',
    `FullStory ${NO_API}`,
  ),
  def(
    'crazy_egg',
    'Crazy Egg',
    'Behavior',
    'Import heatmap insights',
    [{ key: 'account_number', label: 'Account number', required: true }],
    'unavailable',
    `Crazy Egg ${NO_API}`,
  ),
  def('lucky_orange', 'Lucky Orange', 'Behavior', 'Import visitor recordings', [siteId()], 'unavailable', `Lucky Orange ${NO_API}`),
  def(
    'clarity',
    'Microsoft Clarity',
    'Behavior',
    'Link Clarity projects',
    [{ key: 'project_id', label: 'Project ID', required: true }],
    'unavailable',
    `Microsoft Clarity ${NO_API}`,
  ),
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
  def(
    'facebook_pixel',
    'Facebook Pixel',
    'Advertising',
    'Send conversions to Meta',
    [
      { key: 'pixel_id', label: 'Pixel ID', required: true },
      { key: 'access_token', label: 'Conversions API token', secret: true, required: true },
      { key: 'test_event_code', label: 'Test event code' },
    ],
    'outbound',
    'Sends verified conversions to the Conversions API; visitor ids and e-mail addresses leave only as SHA-256 hashes.',
  ),
  def(
    'google_ads',
    'Google Ads',
    'Advertising',
    'Send conversions to Google Ads',
    [
      { key: 'customer_id', label: 'Customer ID', placeholder: '123-456-7890', required: true },
      { key: 'conversion_label', label: 'Conversion label' },
    ],
    'unavailable',
    `The Google Ads API needs a developer token approved by Google for each install.${WEBHOOK_INSTEAD}`,
  ),
  def(
    'stripe',
    'Stripe',
    'Payments',
    'Attribute revenue to optimizations',
    [webhookSecret('Webhook signing secret')],
    'inbound',
    'Counts each paid Checkout session (checkout.session.completed) as a verified purchase. Create Checkout with client_reference_id set to the visitor id (cro_visitor_id) and add the webhook URL below as an endpoint.',
  ),
  def(
    'slack',
    'Slack',
    'Automation',
    'Get alerts in a channel',
    [{ key: 'webhook_url', label: 'Incoming webhook URL', secret: true, required: true }],
    'outbound',
    `Posts ${ALERTS} to the channel.`,
  ),
  def(
    'zapier',
    'Zapier',
    'Automation',
    'Trigger zaps on conversions',
    [
      { key: 'webhook_url', label: 'Zap webhook URL', secret: true, required: true },
      { key: 'secret', label: 'Signing secret', secret: true },
    ],
    'outbound',
    `Sends ${ALERTS} and verified conversions as JSON to a "Catch Hook" trigger.`,
  ),
  def(
    'webhook',
    'Webhook',
    'Automation',
    'POST events to your own endpoint',
    [
      { key: 'url', label: 'Endpoint URL', required: true },
      { key: 'secret', label: 'Signing secret', secret: true, required: true },
    ],
    'outbound',
    `Sends ${ALERTS}, exposures and verified conversions as signed JSON (X-CRO-Signature), retried with backoff; works with Make and n8n too.`,
  ),
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
  if (definition.mode === 'unavailable') return { ok: false, error: `${definition.name} cannot be connected on this install` };
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

/** Whether the integration delivers or receives anything on this install (may be connected). */
export const integrationWorks = (type: string): boolean => INTEGRATIONS.find((i) => i.type === type)?.mode !== 'unavailable';

/** The path an inbound integration's webhooks are sent to, on the app's origin. */
export const inboundWebhookPath = (integrationId: string): string => `/api/cro/integrations/${integrationId}/inbound`;
