// The slip for cash moved between the drawer and the safe, so both sides sign for it: the amount,
// the direction, who handed the cash over and who took it (the operator at the drawer, the
// supervisor who holds the safe and approved it with their PIN), the reason, the time, terminal and
// shift, and a line for each of them to sign. Printed at the movement and again on request.

import { type Language, localeOf, type Paper } from '../../common/contract.ts';
import { formatMoney } from '../../common/money.ts';
import type { CashSlipView } from '../store/drawer.ts';
import { formatTime, html, htmlDocument, row } from './html.ts';
import type { PrintI18n } from './print-words.ts';

const CSS = `
.amount { font-size: var(--big); font-weight: 700; text-align: center; margin: 2mm 0; }
.party { margin-top: 3mm; }
.signature { margin-top: 9mm; border-top: 0.3mm solid #000; padding-top: 0.5mm; }
`;

export function renderCashSlip(input: {
  slip: CashSlipView;
  paper: Paper;
  language: Language;
  i18n: PrintI18n;
  timeZone?: string;
}): string {
  const { slip, language } = input;
  const w = input.i18n.words(language);
  const title = w.t(slip.kind === 'added' ? 'drawer.slip.added' : 'drawer.slip.removed');
  const role = w.t(slip.approved ? 'drawer.slip.supervisor' : 'drawer.slip.notApproved');
  const supervisor = slip.safeHolder ? `${slip.safeHolder} · ${role}` : role;
  // Into the drawer the safe holder hands the cash over and the operator takes it; to the safe the other way.
  const [handedBy, receivedBy] =
    slip.kind === 'added' ? [supervisor, slip.operator] : [slip.operator, supervisor];
  const trainingMark = slip.shift.training && html`<div class="mark">${w.t('training')}</div>`;
  const party = (label: string, who: string) => html`<div class="party">
${row(label, who)}
<div class="signature">${w.t('drawer.slip.nameLine')}</div>
<div class="signature">${w.t('drawer.slip.signatureLine')}</div>
</div>`;
  const body = html`
${trainingMark}
<h1>${title}</h1>
${row(w.t('drawer.slip.number'), String(slip.id))}
${row(w.t('terminal'), slip.shift.terminalId)}
${row(w.t('shift'), String(slip.shift.id))}
${row(w.t('drawer.slip.at'), formatTime(slip.at, language, input.timeZone))}
<div class="amount">${formatMoney(slip.amount, slip.currency, localeOf(language))}</div>
${row(w.t('drawer.slip.direction'), w.t(slip.kind === 'added' ? 'drawer.slip.directionAdded' : 'drawer.slip.directionRemoved'))}
${row(w.t('drawer.slip.reason'), slip.reason)}
${row(w.t('operator'), slip.operator)}
${row(w.t('drawer.slip.approvedBy'), supervisor)}
${party(w.t('drawer.slip.handedBy'), handedBy)}
${party(w.t('drawer.slip.receivedBy'), receivedBy)}
${trainingMark}
`;
  return htmlDocument({ language, title, paper: input.paper, css: CSS, body });
}
