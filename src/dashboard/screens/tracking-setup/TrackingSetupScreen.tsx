/**
 * Speed & Tracking (/dashboard/tracking-setup): 'Get Started', connect the site, tracking script,
 * automated hits filtered. Connecting by DNS is offered only when the install's own nameservers
 * answer; until then the tracking script is the way to connect and the screen leads with it.
 */
import { isSiteConnected } from '../../../lib/site-connection';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { notify } from '../../../ui/toast';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
import { $dnsConnectAvailable } from '../../data/nameservers';
import { $sitesError } from '../../data/sites';
import { useSiteContext } from '../../data/siteContext';
import { AllSetCard } from './AllSetCard';
import { AutomatedHitsCard } from './AutomatedHitsCard';
import { BenefitCards } from './BenefitCards';
import { NameserverInstructions } from './NameserverInstructions';
import { TrackingScriptCard } from './TrackingScriptCard';
import { WebsiteCard } from './WebsiteCard';

export default function TrackingSetupScreen() {
  const { site, loading, canManage } = useSiteContext();
  const error = useStore($sitesError);
  useEffect(() => {
    if (error) notify('Failed to load site data', error, 'destructive');
  }, [error]);
  const dnsAvailable = useStore($dnsConnectAvailable);
  const verified = !!site && isSiteConnected(site);
  return (
    <div className="space-y-6">
      <ScreenHeader title="Get Started" subtitle="Connect your website to start optimizing" />
      <BenefitCards />
      {loading || dnsAvailable === undefined ? (
        <Spinner />
      ) : !site ? (
        <NoSite />
      ) : (
        <>
          <WebsiteCard site={site} canVerify={canManage} by={dnsAvailable ? 'dns' : 'script'} />
          {dnsAvailable ? (
            <>
              {verified ? <AllSetCard /> : <NameserverInstructions site={site} />}
              <TrackingScriptCard optional />
            </>
          ) : (
            <>
              <TrackingScriptCard optional={false} />
              {verified && <AllSetCard />}
            </>
          )}
          <AutomatedHitsCard />
        </>
      )}
    </div>
  );
}
