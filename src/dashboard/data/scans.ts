/** The dashboard's site scan: the call itself is shared with the public scan in src/client/scan. */
export { runSiteScan, scanErrorMessage } from '../../client/scan';
export type { SiteScanResponse } from '../../lib/audit/present';
