import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditPanel } from '../../audit/components/AuditPanel.tsx';
import { IntegrityBanner } from '../../audit/components/IntegrityBanner.tsx';
import { useNextAction } from '../../focus/useNextAction.ts';
import { HeadOfficePanel } from '../../headoffice/components/HeadOfficePanel.tsx';
import { ResetCodeForm } from '../../headoffice/components/ResetCodeForm.tsx';
import { PrintingSettings } from '../../receipts/components/PrintingSettings.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useLoaded } from '../../shared/state/appState.ts';
import { supervisorOpen, useDesk } from '../../shared/state/desk.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { DeskSettingsPanel } from '../components/DeskSettingsPanel.tsx';
import { DiagnosticsPanel } from '../components/DiagnosticsPanel.tsx';
import { ExportPanel } from '../components/ExportPanel.tsx';
import { OperatorsPanel } from '../components/OperatorsPanel.tsx';
import { type LiveNeed, SettingsForm } from '../components/SettingsForm.tsx';
import { SettingsMode } from '../components/SettingsMode.tsx';
import { SettingsTokens } from '../components/SettingsTokens.tsx';
import { SupervisorPanel } from '../components/SupervisorPanel.tsx';
import { SupervisorUnlock } from '../components/SupervisorUnlock.tsx';

/** One part at a time: all of it at once is several screens long at a counter's 768 pixels. */
const PARTS = ['gateway', 'operators', 'drawer', 'printing', 'exports', 'headOffice', 'audit'] as const;
type Part = (typeof PARTS)[number];

/**
 * Everything a supervisor sets. Once a supervisor PIN exists the page opens only with it, and
 * closes again by itself (the core ends the supervisor's time and says so).
 */
export function Settings() {
  const { t } = useTranslation();
  const openHome = useNavigation((s) => s.openHome);
  const open = useDesk((s) => (s.desk ? supervisorOpen(s.desk) : false));
  const [part, setPart] = useState<Part>('gateway');
  // Once the supervisor's PIN opens the page, focus goes on to the part shown, not nowhere.
  const shownPart = useNextAction<HTMLButtonElement>(open);
  return (
    <ScreenFrame title={t('settings.title')} onBack={openHome}>
      <IntegrityBanner />
      {open ? (
        <div className="settings">
          <SupervisorPanel />
          <nav className="settings-parts" aria-label={t('settings.parts.label')}>
            {PARTS.map((p) => (
              <button
                key={p}
                ref={part === p ? shownPart : undefined}
                type="button"
                aria-pressed={part === p}
                className={part === p ? 'segment segment-on' : 'segment'}
                onClick={() => setPart(p)}
              >
                {t(`settings.parts.${p}`)}
              </button>
            ))}
          </nav>
          <SettingsPart part={part} />
        </div>
      ) : (
        <>
          <ResetCodeForm />
          <SupervisorUnlock />
        </>
      )}
    </ScreenFrame>
  );
}

function SettingsPart({ part }: { part: Part }) {
  // Tokens belong to a gateway address; until one is set there is nothing to store them for.
  const hasGateway = useLoaded((app) => app.settings.gatewayUrl !== null);
  /** Live was asked for without something it needs: that field says so. */
  const [needed, setNeeded] = useState<LiveNeed | null>(null);
  switch (part) {
    case 'gateway':
      return (
        <>
          <SettingsMode onNeeded={setNeeded} />
          <SettingsForm needed={needed} />
          <SettingsTokens hasGateway={hasGateway} />
        </>
      );
    case 'operators':
      return <OperatorsPanel />;
    case 'drawer':
      return <DeskSettingsPanel />;
    case 'printing':
      return <PrintingSettings />;
    case 'exports':
      return (
        <>
          <ExportPanel />
          <DiagnosticsPanel />
        </>
      );
    case 'headOffice':
      return <HeadOfficePanel />;
    case 'audit':
      return <AuditPanel />;
  }
}
