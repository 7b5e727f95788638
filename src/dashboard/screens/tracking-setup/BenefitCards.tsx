/** The three benefit cards of 'Get Started'. */
import { BarChart3, ShieldCheck, Zap } from 'lucide-react';
import { Card } from '../../../ui/Card';

const BENEFITS = [
  {
    icon: Zap,
    title: 'Faster Website',
    text: 'A tracking script of about 3 KB, loaded without blocking your page; its cost is measured on every release.',
  },
  { icon: BarChart3, title: 'See What Works', text: 'Every change is measured against real visitors.' },
  { icon: ShieldCheck, title: 'Safe & Secure', text: 'Changes roll back automatically when something breaks.' },
];

export function BenefitCards() {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <Card key={title}>
          <Icon className="mb-2 h-6 w-6 text-indigo-600" aria-hidden />
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-slate-600">{text}</p>
        </Card>
      ))}
    </div>
  );
}
