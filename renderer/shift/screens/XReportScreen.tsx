import { useTranslation } from 'react-i18next';
import { ReportPrintButtons } from '../../receipts/components/ReportPrintButtons.tsx';
import { ErrorAlert } from '../../shared/components/ErrorAlert.tsx';
import { ScreenFrame } from '../../shared/components/ScreenFrame.tsx';
import { useFormat } from '../../shared/hooks/useFormat.ts';
import { useResult } from '../../shared/hooks/useResult.ts';
import { useNavigation } from '../../shared/state/navigation.ts';
import { shiftApi } from '../api.ts';
import { ReportSections } from '../components/ReportSections.tsx';
import { ShiftButtons } from '../components/ShiftActions.tsx';

/** The shift so far, at any time; the shift stays open. */
export function XReportScreen() {
  const { t } = useTranslation();
  const format = useFormat();
  const openHome = useNavigation((s) => s.openHome);
  const { value: report, error } = useResult(shiftApi.report);
  return (
    <ScreenFrame title={t('report.xTitle')} onBack={openHome}>
      <ErrorAlert error={error} />
      {report && (
        <>
          <p className="lead" data-testid="report-produced">
            {t('report.xLead', { time: format.stamp(report.producedAt) })}
          </p>
          <ReportPrintButtons report={{ kind: 'X' }} />
          <ReportSections report={report} />
          <ShiftButtons />
        </>
      )}
    </ScreenFrame>
  );
}
