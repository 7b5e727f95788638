/** Speed & Tracking (/dashboard/tracking-setup): 'Get Started', connect the site, tracking script, automated hits filtered. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { notify } from '../../../ui/toast';
import { NoSite } from '../../../ui/dashboard/NoSite';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { Spinner } from '../../../ui/Spinner';
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
  const verified = !!site && site.dns_verified && site.status === 'active';
  return (
    <div className="space-y-6">
      <ScreenHeader title="Get Started" subtitle="Connect your website to start optimizing" />
      <BenefitCards />
      {loading ? (
        <Spinner />
      ) : !site ? (
        <NoSite />
      ) : (
        <>
          <WebsiteCard site={site} canVerify={canManage} />
          {verified ? <AllSetCard /> : <NameserverInstructions site={site} />}
          <TrackingScriptCard />
          <AutomatedHitsCard />
        </>
      )}
    </div>
  );
}
