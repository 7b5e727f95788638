/**
 * Every dashboard route of the spec, in the sidebar's order, with its screen's lazy import.
 * The router store and the sidebar both read this one table.
 */
import type { ComponentType } from 'react';
import {
  Activity,
  BarChart3,
  Bot,
  Brain,
  Cpu,
  FileText,
  Filter,
  FlaskConical,
  Gauge,
  LayoutDashboard,
  Library,
  Plug,
  Settings,
  ShieldCheck,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

export interface DashboardRoute {
  name: string;
  path: string;
  label: string;
  icon: LucideIcon;
  /** Shown in the sidebar (the two extra child routes are not). */
  inSidebar: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

const r = (
  name: string,
  path: string,
  label: string,
  icon: LucideIcon,
  load: DashboardRoute['load'],
  inSidebar = true,
): DashboardRoute => ({
  name,
  path,
  label,
  icon,
  load,
  inSidebar,
});

export const DASHBOARD_ROUTES: DashboardRoute[] = [
  r('overview', '/dashboard', 'Overview', LayoutDashboard, () => import('./screens/overview/OverviewScreen')),
  r('trackingSetup', '/dashboard/tracking-setup', 'Speed & Tracking', Gauge, () => import('./screens/tracking-setup/TrackingSetupScreen')),
  r('aiAnalysis', '/dashboard/ai-analysis', 'AI Analysis', Brain, () => import('./screens/ai-analysis/AiAnalysisScreen')),
  r('aiEngine', '/dashboard/ai-engine', 'AI Engine', Bot, () => import('./screens/ai-engine/AiEngineScreen')),
  r('croWorkers', '/dashboard/cro-workers', 'CRO Workers', Cpu, () => import('./screens/cro-workers/CroWorkersScreen')),
  r('library', '/dashboard/library', 'Pattern Library', Library, () => import('./screens/library/LibraryScreen')),
  r('recordings', '/dashboard/recordings', 'Session Replay', Video, () => import('./screens/recordings/RecordingsScreen')),
  r('funnels', '/dashboard/funnels', 'Funnels', Filter, () => import('./screens/funnels/FunnelsScreen')),
  r('integrations', '/dashboard/integrations', 'Integrations', Plug, () => import('./screens/integrations/IntegrationsScreen')),
  r('reports', '/dashboard/reports', 'Reports', FileText, () => import('./screens/reports/ReportsScreen')),
  r('tests', '/dashboard/tests', 'A/B Tests', FlaskConical, () => import('./screens/tests/TestsScreen')),
  r('analytics', '/dashboard/analytics', 'Analytics', BarChart3, () => import('./screens/analytics/AnalyticsScreen')),
  r('safety', '/dashboard/safety', 'Safety & Monitoring', ShieldCheck, () => import('./screens/safety/SafetyScreen')),
  r('team', '/dashboard/team', 'Team', Users, () => import('./screens/team/TeamScreen')),
  r('settings', '/dashboard/settings', 'Settings', Settings, () => import('./screens/settings/SettingsScreen')),
  r(
    'optimizations',
    '/dashboard/optimizations',
    'Optimizations',
    Activity,
    () => import('./screens/optimizations/OptimizationsScreen'),
    false,
  ),
  r('admin', '/dashboard/admin', 'Admin Dashboard', ShieldCheck, () => import('./screens/admin/AdminScreen'), false),
];
