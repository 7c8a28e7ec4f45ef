// A supervisor-reset code as the admin hands it to a desk: its QR code for the desk's scanner, the
// same code in numbered blocks to read out or type (each block ends in a check letter, so the desk
// names a block typed wrong), until when it is valid with its zone, and a printout of just this.
import { useTranslation } from 'react-i18next';
import type { ResetCodeReply } from '../../../common/hq-api/staff-admin.ts';
import { time } from '../format.ts';

export function ResetCodeCard({ issued }: { issued: ResetCodeReply }) {
  const { t, i18n } = useTranslation();
  const { box, path } = issued.qr;
  const terminal = issued.terminalId;
  return (
    <article className="reset-card" aria-labelledby="reset-card-title">
      <h3 id="reset-card-title">{t('admin.resetFor', { terminal })}</h3>
      <p>{t('admin.resetUntil', { until: time(i18n.language, issued.expiresAt) })}</p>
      <svg
        className="reset-qr"
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${box} ${box}`}
        shapeRendering="crispEdges"
        role="img"
        aria-label={t('admin.resetQr', { terminal })}
      >
        <rect width={box} height={box} fill="#fff" />
        <path fill="#000" d={path} />
      </svg>
      <p className="hint">{t('admin.resetHow')}</p>
      <ol className="reset-blocks" aria-label={t('admin.resetBlocks')}>
        {issued.code.split('-').map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a block is its place in the code
          <li key={i}>{block}</li>
        ))}
      </ol>
      <button type="button" className="no-print" onClick={() => window.print()}>
        {t('admin.resetPrint')}
      </button>
    </article>
  );
}
