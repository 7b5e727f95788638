/**
 * The signed-in frame: sidebar, header, the LIVE KPI card and the screen. The card never covers
 * the screen: on wide screens it floats bottom right in a gutter the screen leaves free for it; on
 * narrower ones it is docked in the flow above the screen.
 */
import { useState, type ReactNode } from 'react';
import { Header } from './Header';
import { LiveKpiCard } from './LiveKpiCard';
import { MfaRequiredNotice } from './MfaRequiredNotice';
import { BrandTheme } from './ShellBrand';
import { Sidebar } from './Sidebar';
import { useIsMobile } from './useIsMobile';

export function Shell({ children }: { children: ReactNode }) {
  const mobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex min-h-screen bg-slate-50">
      <BrandTheme />
      <Sidebar collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} mobile={mobile} open={open} onClose={() => setOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header mobile={mobile} onMenu={() => setOpen(true)} />
        <LiveKpiCard />
        <div className="flex-1 p-4 md:p-6 lg:mr-64">
          <MfaRequiredNotice />
          {children}
        </div>
      </div>
    </div>
  );
}
