/** A local stand-in for an outside service (SMTP, DNS, a fixture website...) used by e2e tests. */
export interface StandIn {
  /** Environment the product server needs to talk to the stand-in. */
  env: Record<string, string>;
  stop(): Promise<void>;
}
