/**
 * Every dashboard route, in the sidebar's order, with its label, icon and screen's lazy
 * import (a screen's entry point is reached only through this table). The paths live in the
 * router (data/router); the sidebar and the screen outlet read this table.
 */
import type { ComponentType } from 'react';
import {
  Activity,
  BarChart3,
  Bot,
  Brain,
  ClipboardList,
  Cpu,
  FileText,
  Filter,
  FlaskConical,
  Gauge,
  LayoutDashboard,
  MessageSquare,
  ShoppingCart,
  Library,
  Plug,
  Settings,
  ShieldCheck,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';

import { ROUTE_PATHS, type RouteName } from '../data/router';

export interface DashboardRoute {
  name: RouteName;
  path: string;
  label: string;
  icon: LucideIcon;
  /** Shown in the sidebar (the admin route is not). */
  inSidebar: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

const r = (name: RouteName, label: string, icon: LucideIcon, load: DashboardRoute['load'], inSidebar = true): DashboardRoute => ({
  name,
  path: ROUTE_PATHS[name],
  label,
  icon,
  load,
  inSidebar,
});

export const DASHBOARD_ROUTES: DashboardRoute[] = [
  r('overview', 'Overview', LayoutDashboard, () => import('../screens/overview/OverviewScreen')),
  r('trackingSetup', 'Speed & Tracking', Gauge, () => import('../screens/tracking-setup/TrackingSetupScreen')),
  r('aiAnalysis', 'AI Analysis', Brain, () => import('../screens/ai-analysis/AiAnalysisScreen')),
  r('aiEngine', 'AI Engine', Bot, () => import('../screens/ai-engine/AiEngineScreen')),
  r('croWorkers', 'CRO Workers', Cpu, () => import('../screens/cro-workers/CroWorkersScreen')),
  r('library', 'Pattern Library', Library, () => import('../screens/library/LibraryScreen')),
  r('optimizations', 'Optimizations', Activity, () => import('../screens/optimizations/OptimizationsScreen')),
  r('recordings', 'Session Replay', Video, () => import('../screens/recordings/RecordingsScreen')),
  r('forms', 'Forms', ClipboardList, () => import('../screens/forms/FormsScreen')),
  r('funnels', 'Funnels', Filter, () => import('../screens/funnels/FunnelsScreen')),
  r('ecommerce', 'Ecommerce', ShoppingCart, () => import('../screens/ecommerce/EcommerceScreen')),
  r('surveys', 'Surveys', MessageSquare, () => import('../screens/surveys/SurveysScreen')),
  r('integrations', 'Integrations', Plug, () => import('../screens/integrations/IntegrationsScreen')),
  r('reports', 'Reports', FileText, () => import('../screens/reports/ReportsScreen')),
  r('tests', 'A/B Tests', FlaskConical, () => import('../screens/tests/TestsScreen')),
  r('analytics', 'Analytics', BarChart3, () => import('../screens/analytics/AnalyticsScreen')),
  r('safety', 'Safety & Monitoring', ShieldCheck, () => import('../screens/safety/SafetyScreen')),
  r('team', 'Team', Users, () => import('../screens/team/TeamScreen')),
  r('settings', 'Settings', Settings, () => import('../screens/settings/SettingsScreen')),
  r('admin', 'Admin Dashboard', ShieldCheck, () => import('../screens/admin/AdminScreen'), false),
];
