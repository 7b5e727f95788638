/**
 * The record types of the collections the dashboard reads, kept by hand in this one file.
 * `tests/integration/record-types.test.ts` checks every field here against the live schema, so a
 * renamed or retyped field fails a test instead of a screen. Screens take SDK types from here too.
 */
import type { RecordModel } from 'pocketbase';
import type { RuleTemplate } from '../../lib/patterns';
import type { RuleChange } from '../../lib/rule-changes';
import type { ExperimentVariant, Guardrail } from '../../lib/experiments';
import type { TestPage, TestSection, TestType } from '../../lib/experiment-parts';
import type { AiInsight, AnalysisData } from '../../lib/ai/insights';
import type { DocumentResult } from '../../lib/documents/analysis';
import type { FunnelOrder, FunnelStepDef } from '../../lib/funnels';
import type { StoredSignal } from '../../lib/recordings/signals';
import type { DnsRecordType } from '../../lib/dns-records';
import type { ReportFormat, ReportFrequency, ReportType } from '../../lib/reports';
import type { AudienceCondition } from '../../lib/contracts/audience';

export type { RecordModel };

export interface SiteRecord extends RecordModel {
  user_id: string;
  domain: string;
  industry_category: string;
  status: string;
  dns_verified: boolean;
  /** Set by the tracking script's check (POST /api/cro/verify-tracking): visits from the domain arrived. */
  tracking_verified: boolean;
  nameserver_1: string;
  nameserver_2: string;
  /** The TXT value that proves control of the domain (src/lib/domain-ownership.ts); server-set. */
  verification_token: string;
  /** The registrable domain the proof is for: the zone the install serves for the site. */
  verification_zone: string;
  /** The site proved control of verification_zone; only then is its zone served and its host routed. */
  ownership_verified: boolean;
  current_cvr: number;
  baseline_cvr: number;
  monthly_visitors: number;
  total_revenue_impact: number;
  plan_tier: string;
  subscription_status: string;
  health_status: string;
  optimization_enabled: boolean;
  error_threshold_percentage: number;
  tracking_ignore_dnt: boolean;
  retention_days: number;
  staging_domain: string;
  /** IANA time zone of the site's days ('' = UTC). */
  time_zone: string;
  /** Consent-free mode (src/lib/site-settings.ts); absent on records read before the migration. */
  consent_free?: boolean;
  /** Global holdout: percent of tracked visitors who see no rule and no test (0-20). */
  holdout_percentage?: number;
  recording_sample_rate: number;
  recording_min_seconds: number;
  recording_include: string;
  recording_exclude: string;
  recording_mask_text: boolean;
  recording_mask_selectors: string;
  /** This month's tracked visitors (server-metered, UTC calendar month 'YYYY-MM'). */
  usage_period: string;
  usage_visitors: number;
  public_key: string;
  /** Where the edge fetches the site's pages ('' = the A/AAAA records of its DNS zone). */
  edge_origin: string;
  /** The owner requires two-step sign-in of the team: members without it are left out of the id lists. */
  require_mfa: boolean;
  /** The brand the site's clients see (white label); set by the brand's organization managers only. */
  brand_id?: string;
  manager_ids: string[];
  editor_ids: string[];
  created_at: string;
  updated_at: string;
}

/** The signed-in user's own record (the SDK's auth record). */
export interface UserRecord extends RecordModel {
  email: string;
  verified: boolean;
  /** Two-step sign-in is on (set only by the server, pb_hooks/mfa.pb.js). */
  mfa_enabled: boolean;
}

export interface RuleRecord extends RecordModel {
  site_id: string;
  name: string;
  description: string;
  rule_type: string;
  url_pattern: string;
  selector: string;
  changes: RuleChange[] | null;
  priority: number;
  enabled: boolean;
  testing_mode: boolean;
  rollout_percentage: number;
  auto_rollback_enabled: boolean;
  health_status: string;
  created_at: string;
  /** The audience it is shown to (a personalization); empty: everyone. */
  audience: string;
  /** Percent of the audience held out (they keep the original), for the measured effect. */
  holdout_percentage: number;
}

export interface AudienceRecord extends RecordModel {
  site_id: string;
  name: string;
  match: 'all' | 'any';
  conditions: AudienceCondition[] | null;
  created_at: string;
  updated_at: string;
}

/** An exclusive group: tests in it never share a visitor (src/lib/exclusion-groups.ts). */
export interface ExperimentGroupRecord extends RecordModel {
  site_id: string;
  name: string;
  /** Places each visitor in one slot of the group's namespace; server-set. */
  seed: string;
  created_at: string;
  updated_at: string;
}

export interface HealthMetricRecord extends RecordModel {
  rule_id: string;
  metric_type: string;
  value: number;
  threshold_exceeded: boolean;
  recorded_at: string;
}

export interface RollbackRecord extends RecordModel {
  /** The rule rolled back, or empty when an A/B test was paused by a guardrail (experiment_id). */
  rule_id: string;
  experiment_id: string;
  rollback_type: string;
  trigger_reason: string;
  created_at: string;
}

export interface AuditRecord extends RecordModel {
  /** The rule changed, or empty for an A/B test's entry (experiment_id). */
  rule_id: string;
  experiment_id: string;
  action: string;
  reason: string;
  changes: Record<string, unknown> | null;
  created_at: string;
}

export interface PatternRecord extends RecordModel {
  name: string;
  description: string;
  tags: string[] | null;
  category: string;
  featured: boolean;
  avg_lift: number;
  impact: string;
  difficulty: string;
  implementations: number;
  time_to_implement: string;
  prediction_model: string;
  predicted_lift_min: number;
  predicted_lift_max: number;
  confidence: number;
  rule_template: RuleTemplate | null;
}

export interface MemberRecord extends RecordModel {
  site_id: string;
  user_id: string;
  email: string;
  role: 'owner' | 'admin' | 'editor' | 'viewer';
  status: 'active' | 'invited';
  created_at: string;
}

export interface IntegrationRecord extends RecordModel {
  site_id: string;
  integration_type: string;
  name: string;
  status: 'connected' | 'error' | 'pending' | 'not_connected' | '';
  enabled: boolean;
  settings: Record<string, unknown> | null;
  last_synced_at: string;
  error_message: string;
}

/** One line of an integration's delivery log: an outbound attempt or a received order webhook. */
export interface IntegrationDeliveryRecord extends RecordModel {
  site_id: string;
  integration_id: string;
  event: string;
  event_id: string;
  attempt: number;
  status: 'delivered' | 'failed' | 'received' | 'ignored';
  http_status: number;
  latency_ms: number;
  error: string;
  created_at: string;
}

export interface NotificationRecord extends RecordModel {
  user_id: string;
  site_id: string;
  type: 'test' | 'ai' | 'alert' | 'team' | 'system';
  title: string;
  message: string;
  link: string;
  read: boolean;
  created_at: string;
}

/** The site's live figures, pushed by the server within seconds of new traffic. */
export interface SiteLiveRecord extends RecordModel {
  site_id: string;
  active_visitors: number;
  sessions_today: number;
  visitors_today: number;
  pageviews_today: number;
  conversions_today: number;
  revenue_today: number;
  cvr_today: number;
  last_event_at: string;
}

/** An A/B test (src/lib/experiments.ts has the rules its fields follow). */
export interface ExperimentRecord extends RecordModel {
  site_id: string;
  name: string;
  hypothesis: string;
  status: 'draft' | 'running' | 'paused' | 'completed';
  /** The tested element; empty for page-wide changes. */
  selector: string;
  /** The control first, then 1 to 3 variants (a multivariate test: its combinations). */
  variants: ExperimentVariant[] | null;
  /** The kind of test (src/lib/experiment-parts.ts). */
  test_type: TestType | '';
  /** A multi-page test's pages; each variant's `pages` holds its changes per page. */
  pages: TestPage[] | null;
  /** A multivariate test's sections, whose combinations are the variants. */
  sections: TestSection[] | null;
  /** Percent of the targeted visitors in the test. */
  traffic: number;
  url_pattern: string;
  target_device: 'any' | 'desktop' | 'mobile' | 'tablet' | '';
  target_visitor: 'any' | 'new' | 'returning' | '';
  /** The audience it is shown to; empty: everyone. */
  audience: string;
  /** Its exclusive group ('' none) and its [start, end) range of the group's visitors, server-set. */
  exclusion_group?: string;
  group_range?: [number, number] | null;
  /** A goal id of the site, or 'revenue'. */
  primary_goal: string;
  secondary_goals: string[] | null;
  guardrails: Guardrail[] | null;
  minimum_detectable_effect: number;
  planned_sample_size: number;
  started_at: string;
  ended_at: string;
  /** The declared winner's variant key. */
  winner: string;
  /** Multiple-comparison correction; '' lets the server choose (src/lib/experiment-statistics.ts). */
  correction: 'none' | 'holm-bonferroni' | 'benjamini-hochberg' | '';
  /** Days of pre-exposure behaviour CUPED adjusts for; 0 turns CUPED off. */
  cuped_window_days: number;
  /** Post-stratification dimension; '' is the device class. */
  post_stratification: 'device' | 'visitor_type' | 'none' | '';
  /** Runs as a bandit: weights move to each arm's probability of being best. */
  bandit: boolean;
  bandit_interval_hours: number;
  /** The least weight any arm keeps, 0-0.25. */
  bandit_min_weight: number;
  created_at: string;
  updated_at: string;
}

/** One 'Run Analysis' of a site: its four figures and insight cards, kept with their time. */
export interface AiAnalysisRecord extends RecordModel {
  site_id: string;
  /** 'builtin-fallback': the model's answer could not be used, so the built-in rules wrote the cards. */
  engine: 'builtin' | 'model' | 'builtin-fallback';
  analysis_data: AnalysisData;
  insights: AiInsight[];
  created_at: string;
}

/** An uploaded document and its analysis (the extracted text is not loaded in lists). */
export interface DocumentRecord extends RecordModel {
  site_id: string;
  user_id: string;
  file_name: string;
  file_path: string;
  file_size: number;
  file_type: string;
  analysis_status: 'pending' | 'completed' | 'failed';
  analysis_result: DocumentResult | null;
  analysis_summary: string;
  language: string;
  analyzed_at: string;
  created_at: string;
}

/** An image the visual editor uploaded for a site (its file is public by URL, the record is members'). */
export interface SiteFileRecord extends RecordModel {
  site_id: string;
  user_id: string;
  file: string;
  created_at: string;
}

/** A site's API key as its owners and admins see it: never the key itself, only its prefix. */
export interface ApiKeyRecord extends RecordModel {
  site_id: string;
  name: string;
  prefix: string;
  scope: 'read' | 'write';
  created_by: string;
  revoked_at: string;
  last_used_at: string;
  created_at: string;
}

/** A conversion funnel: its steps, window and order (src/lib/funnels.ts); its figures come from the server. */
export interface FunnelRecord extends RecordModel {
  site_id: string;
  name: string;
  description: string;
  steps: FunnelStepDef[] | null;
  window_days: number;
  step_order: FunnelOrder | '';
  created_at: string;
}

/** One recorded session's index row, written by the server; its rrweb events come from `GET /api/cro/recordings/{id}/events`. */
export interface SessionRecordingRecord extends RecordModel {
  site_id: string;
  session_id: string;
  visitor_id: string;
  page_url: string;
  pages: string[] | null;
  pages_count: number;
  events_count: number;
  duration_seconds: number;
  country: string;
  browser: string;
  device_type: string;
  clicks: number;
  rage_clicks: number;
  dead_clicks: number;
  /** Frustration signals (pocketbase/frustration, background): src/lib/recordings/signals.ts. */
  error_clicks: number;
  quick_backs: number;
  excessive_scrolls: number;
  frustration_score: number;
  signals: StoredSignal[] | null;
  source: string;
  errors: number;
  converted: boolean;
  chunks: number;
  bytes: number;
  started_at: string;
  ended_at: string;
  created_at: string;
}

/** One record of a site's DNS zone, served by the install's nameservers; the server checks and normalizes it. */
export interface DnsRecordRecord extends RecordModel {
  site_id: string;
  name: string;
  type: DnsRecordType;
  value: string;
  ttl: number;
  priority: number;
  source: 'imported' | 'owner';
  created_at: string;
  updated_at: string;
}

/** A scheduled report; the server keeps `next_scheduled_at` (cleared while paused) and `last_sent_at`. */
export interface ScheduledReportRecord extends RecordModel {
  site_id: string;
  name: string;
  report_type: ReportType;
  frequency: ReportFrequency;
  enabled: boolean;
  recipients: string[] | null;
  format: ReportFormat;
  last_sent_at: string;
  next_scheduled_at: string;
  created_at: string;
  updated_at: string;
}

/** One generated report (written by the server): its protected file, delivery state and last error. */
export interface ReportHistoryRecord extends RecordModel {
  site_id: string;
  report_id: string;
  report_name: string;
  generated_at: string;
  status: 'sent' | 'failed' | 'pending' | '';
  format: ReportFormat | '';
  recipients: string[] | null;
  attempts: number;
  next_attempt_at: string;
  error: string;
  period: string;
  file: string;
  /** The file's name as made and attached (the stored file's name is normalized). */
  attachment_name: string;
  created_at: string;
}

/** Which collection each record type above describes (read by the schema test). */
/** An account's organization: it holds the brands (several with the Custom Enterprise contract). */
export interface OrganizationRecord extends RecordModel {
  name: string;
  owner_id: string;
  admin_ids: string[];
  /** Several brands: set by the operator (Custom Enterprise), never by users. */
  custom_enterprise: boolean;
}

/** A brand: what a white-labelled site's clients see instead of the product. */
export interface BrandRecord extends RecordModel {
  organization_id: string;
  name: string;
  logo: string;
  primary_color: string;
  accent_color: string;
  support_email: string;
  billing_email: string;
  /** The brand's own dashboard domain; served once domain_verified (TXT proof of domain_token at domain_zone). */
  domain: string;
  domain_token: string;
  domain_zone: string;
  domain_verified: boolean;
}

export const RECORD_COLLECTIONS = {
  SiteRecord: 'sites',
  UserRecord: 'users',
  RuleRecord: 'optimization_rules',
  HealthMetricRecord: 'optimization_health_metrics',
  RollbackRecord: 'optimization_rollbacks',
  AuditRecord: 'optimization_audit_log',
  PatternRecord: 'cro_patterns',
  MemberRecord: 'site_members',
  IntegrationRecord: 'integrations',
  IntegrationDeliveryRecord: 'integration_deliveries',
  SessionRecordingRecord: 'session_recordings',
  NotificationRecord: 'notifications',
  SiteLiveRecord: 'site_live',
  ExperimentRecord: 'experiments',
  AiAnalysisRecord: 'ai_analyses',
  ApiKeyRecord: 'api_keys',
  DocumentRecord: 'documents',
  SiteFileRecord: 'site_files',
  FunnelRecord: 'funnels',
  DnsRecordRecord: 'dns_records',
  ScheduledReportRecord: 'scheduled_reports',
  ReportHistoryRecord: 'report_history',
  OrganizationRecord: 'organizations',
  BrandRecord: 'brands',
  AudienceRecord: 'audiences',
  ExperimentGroupRecord: 'experiment_groups',
} as const;
