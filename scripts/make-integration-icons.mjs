// Writes the local integration icons (public/integrations/<type>.svg): a coloured tile with the
// integration's initials, for every type without an icon of its own (existing files are kept).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';

const TYPES = {
  shopify: ['Shopify', '#5e8e3e'],
  woocommerce: ['WooCommerce', '#7f54b3'],
  bigcommerce: ['BigCommerce', '#34313f'],
  google_analytics: ['Google Analytics', '#e37400'],
  google_tag_manager: ['Google Tag Manager', '#246fdb'],
  mixpanel: ['Mixpanel', '#7856ff'],
  amplitude: ['Amplitude', '#1e61f0'],
  segment: ['Segment', '#52bd94'],
  hotjar: ['Hotjar', '#fd3a5c'],
  fullstory: ['FullStory', '#448dd1'],
  crazy_egg: ['Crazy Egg', '#f2b33d'],
  lucky_orange: ['Lucky Orange', '#f58220'],
  clarity: ['Microsoft Clarity', '#0078d4'],
  optimizely: ['Optimizely', '#0037ff'],
  vwo: ['VWO', '#2a4cc7'],
  ab_tasty: ['AB Tasty', '#ff4d5a'],
  typeform: ['Typeform', '#262627'],
  surveymonkey: ['SurveyMonkey', '#00bf6f'],
  qualtrics: ['Qualtrics', '#21dbaa'],
  usertesting: ['UserTesting', '#009ee0'],
  hubspot: ['HubSpot', '#ff7a59'],
  mailchimp: ['Mailchimp', '#241c15'],
  klaviyo: ['Klaviyo', '#232426'],
  activecampaign: ['ActiveCampaign', '#356ae6'],
  facebook_pixel: ['Facebook Pixel', '#1877f2'],
  google_ads: ['Google Ads', '#4285f4'],
  stripe: ['Stripe', '#635bff'],
  slack: ['Slack', '#4a154b'],
  zapier: ['Zapier', '#ff4f00'],
  webhook: ['Webhook', '#475569'],
};

mkdirSync('public/integrations', { recursive: true });
for (const [type, [name, color]] of Object.entries(TYPES)) {
  if (existsSync(`public/integrations/${type}.svg`)) continue;
  const words = name.split(/\s+/);
  const initials = (
    words.length > 1
      ? words
          .slice(0, 2)
          .map((w) => w[0])
          .join('')
      : name.slice(0, 2)
  ).toUpperCase();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" role="img" aria-label="${name}"><rect width="40" height="40" rx="10" fill="${color}"/><text x="20" y="20" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="15" font-weight="700" fill="#fff">${initials}</text></svg>\n`;
  writeFileSync(`public/integrations/${type}.svg`, svg);
}
