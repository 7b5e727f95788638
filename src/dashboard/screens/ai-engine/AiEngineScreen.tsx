/**
 * AI Engine (/dashboard/ai-engine): the chat with the CRO assistant, grounded on the server in the
 * site's own figures. It says which engine answers: the configured model, or the built-in analyst
 * (rules over the site's figures and the pattern library) when none is configured. Paid plans only.
 */
import { useStore } from '@nanostores/react';
import { can } from '../../../lib/plans';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { AiChatPanel } from '../../../ui/dashboard/AiChatPanel';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { $aiStatus } from '../../data/aiChat';
import { useSiteContext } from '../../data/siteContext';
import { engineDescription } from './engineLabel';

const CAPABILITIES = [
  'Reads your last 30 days of analytics: visitors, conversion rate, bounce, top pages and devices',
  'Knows your latest website scan, enabled rules and recent rollbacks',
  'Suggests patterns from the library that fit your question',
  'Sizes A/B tests from your own traffic and conversion rate',
];

export default function AiEngineScreen() {
  const { site, loading } = useSiteContext();
  const status = useStore($aiStatus).value;
  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  const engine = engineDescription(status);
  return (
    <div className="space-y-6">
      <ScreenHeader
        title="AI Engine"
        subtitle="Ask the CRO assistant about your site"
        actions={
          <Badge tone="success" className="gap-1">
            <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Live
          </Badge>
        }
      />
      <p className="text-sm text-slate-600" data-testid="ai-engine-label">
        {engine.text}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AiChatPanel siteId={site.id} entitled={can(site.plan_tier, 'ai_chat')} engineLabel={engine.name} />
        </div>
        <Card title="What it can do">
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
            {CAPABILITIES.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
