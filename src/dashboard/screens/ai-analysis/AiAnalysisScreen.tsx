/**
 * AI Analysis Engine (/dashboard/ai-analysis), growth or enterprise only (free and starter see an
 * upgrade card). The four stat cards (Total Sessions, Avg Duration in seconds, Bounce Rate %, Avg
 * Scroll %) are the site's last 7 days from `$kpis` (rollups), or an honest '—' before the site
 * has recorded traffic. 'Run Analysis' stores an analysis on the server (the AI model's cards when
 * one is configured, else the built-in rules over the same figures) and the latest one's insight
 * cards are listed, with who wrote them.
 */
import { useStore } from '@nanostores/react';
import { Brain, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { can } from '../../../lib/plans';
import { PLAN_CATALOGUE } from '../../../lib/plan-catalogue';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { notify } from '../../../ui/toast';
import { $latestAnalysis, runAnalysis } from '../../data/aiAnalysis';
import { errorMessage } from '../../data/errors';
import { $kpis, refetchKpis, type Kpis } from '../../data/kpis';
import { useSiteContext } from '../../data/siteContext';
import { InsightCard } from './InsightCard';
import { pluralize } from '../../../lib/format';

/** Who wrote the cards, said plainly: a fallback is never passed off as the model's answer. */
const ENGINE_LABEL = {
  model: 'by the AI model',
  builtin: 'by the built-in rules',
  'builtin-fallback': "by the built-in rules (the AI model's answer could not be used)",
} as const;

const price = (key: string) => PLAN_CATALOGUE.find((p) => p.key === key)?.price ?? '';

/** The stat cards' label, test id and value from the week's figures. */
const STATS: Array<[string, string, (w: Kpis['week']) => string]> = [
  ['Total Sessions', 'total-sessions', (w) => w.sessions.toLocaleString('en-US')],
  ['Avg Duration', 'avg-duration', (w) => `${Math.round(w.avgDuration)}s`],
  ['Bounce Rate', 'bounce-rate', (w) => `${w.bounceRate.toFixed(1)}%`],
  ['Avg Scroll', 'avg-scroll', (w) => `${Math.round(w.avgScroll)}%`],
];

function UpgradeCard() {
  return (
    <Card testId="ai-analysis-upgrade" className="mx-auto max-w-xl text-center">
      <Lock className="mx-auto mb-2 h-8 w-8 text-indigo-600" aria-hidden="true" />
      <h2 className="text-lg font-semibold text-slate-900">AI Analysis is available on the Growth and Enterprise plans</h2>
      <p className="mt-2 text-sm text-slate-600">Start a 7-day free trial: cancel anytime, no card needed for the trial.</p>
      <p className="mt-2 text-sm text-slate-600">
        Starter {price('starter')}/month · Growth {price('growth')}/month · Enterprise {price('enterprise')}/month
      </p>
      <a href="/pricing" className="mt-4 inline-flex rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700">
        Upgrade
      </a>
    </Card>
  );
}

function Insights() {
  const analysis = useStore($latestAnalysis).value;
  if (analysis === undefined) return <Spinner />;
  if (!analysis) {
    return (
      <EmptyState icon={Brain} title="No analysis yet">
        Run an analysis to get insights from your real visitor data.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-3" data-testid="ai-insights">
      <p className="text-sm text-slate-500">
        Last analysis {new Date(analysis.created_at.replace(' ', 'T')).toLocaleString('en-US')} ·{' '}
        {pluralize(analysis.insights.length, 'insight')} <span data-testid="ai-analysis-engine">{ENGINE_LABEL[analysis.engine]}</span>
      </p>
      {analysis.insights.length === 0 && <p className="text-sm text-slate-600">No problems found in the figures of the last 7 days.</p>}
      {analysis.insights.map((insight) => (
        <InsightCard key={insight.title} insight={insight} />
      ))}
    </div>
  );
}

export default function AiAnalysisScreen() {
  const { site, loading } = useSiteContext();
  const kpis = useStore($kpis);
  const [running, setRunning] = useState(false);
  const siteId = site?.id ?? null;
  const allowed = can(site?.plan_tier, 'ai_analysis');

  useEffect(() => {
    if (siteId && allowed) void refetchKpis();
  }, [siteId, allowed]);

  if (loading) return <Spinner />;
  if (!site) return <NoSite />;
  if (!allowed) {
    return (
      <div>
        <ScreenHeader title="AI Analysis Engine" subtitle="AI insights from your real visitor data" />
        <UpgradeCard />
      </div>
    );
  }
  const run = async () => {
    setRunning(true);
    try {
      const n = await runAnalysis(site.id);
      notify('Analysis complete', `Generated ${pluralize(n, 'insight')}`, 'success');
    } catch (err) {
      notify('Analysis failed', errorMessage(err, 'Could not run the analysis'), 'destructive');
    } finally {
      setRunning(false);
    }
  };
  const header = (
    <ScreenHeader
      title="AI Analysis Engine"
      subtitle="AI insights from your real visitor data"
      actions={
        <Button onClick={() => void run()} disabled={running}>
          <Brain className="h-4 w-4" aria-hidden="true" />
          {running ? 'Analyzing…' : 'Run Analysis'}
        </Button>
      }
    />
  );
  return (
    <div className="space-y-6">
      {header}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="ai-analysis-stats">
        {STATS.map(([label, id, value]) => (
          <Card key={id} testId={`ai-stat-${id}`}>
            <p className="text-sm text-slate-500">{label}</p>
            <p className="mt-1 text-2xl font-bold" data-testid="ai-stat-value">
              {kpis ? value(kpis.week) : '—'}
            </p>
            <p className="text-xs text-slate-500">{kpis ? 'Last 7 days' : 'No data yet'}</p>
          </Card>
        ))}
      </div>
      <Insights />
    </div>
  );
}
