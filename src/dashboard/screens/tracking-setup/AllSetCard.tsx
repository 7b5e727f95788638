/** Shown once the domain is verified. */
import { PartyPopper } from 'lucide-react';
import { Card } from '../../../ui/Card';

export function AllSetCard() {
  return (
    <Card testId="all-set">
      <div className="flex items-start gap-3">
        <PartyPopper className="h-6 w-6 text-emerald-600" aria-hidden />
        <div>
          <h2 className="text-lg font-semibold">All Set</h2>
          <p className="text-sm text-slate-600">Your website is connected. Optimizations you deploy now reach your visitors.</p>
        </div>
      </div>
    </Card>
  );
}
