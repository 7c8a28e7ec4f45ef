// The slip for cash moved between the drawer and the safe (issue 18): the amount, the direction,
// who handed the cash over and who took it (the operator at the drawer, the supervisor who holds
// the safe and approved it with their PIN), the reason, the time, terminal and shift, and a line
// for each of them to sign. Printed at the movement and again on request.

import { type Language, localeOf, type Paper } from '../../common/contract.ts';
import { formatMoney } from '../../common/money.ts';
import type { CashSlipView } from '../store/drawer.ts';
import { formatTime, html, htmlDocument, row } from './html.ts';
import { WORDS } from './words.ts';

const CSS = `
.amount { font-size: var(--big); font-weight: 700; text-align: center; margin: 2mm 0; }
.party { margin-top: 3mm; }
.signature { margin-top: 9mm; border-top: 0.3mm solid #000; padding-top: 0.5mm; }
`;

export function renderCashSlip(input: {
  slip: CashSlipView;
  paper: Paper;
  language: Language;
  timeZone?: string;
}): string {
  const { slip, language } = input;
  const w = WORDS[language];
  const d = w.drawer.slip;
  const title = slip.kind === 'added' ? d.added : d.removed;
  const role = slip.approved ? d.supervisor : d.notApproved;
  const supervisor = slip.safeHolder ? `${slip.safeHolder} · ${role}` : role;
  // Into the drawer the safe holder hands the cash over and the operator takes it; to the safe the other way.
  const [handedBy, receivedBy] =
    slip.kind === 'added' ? [supervisor, slip.operator] : [slip.operator, supervisor];
  const trainingMark = slip.shift.training && html`<div class="mark">${w.training}</div>`;
  const party = (label: string, who: string) => html`<div class="party">
${row(label, who)}
<div class="signature">${d.nameLine}</div>
<div class="signature">${d.signatureLine}</div>
</div>`;
  const body = html`
${trainingMark}
<h1>${title}</h1>
${row(d.number, String(slip.id))}
${row(w.terminal, slip.shift.terminalId)}
${row(w.shift, String(slip.shift.id))}
${row(d.at, formatTime(slip.at, language, input.timeZone))}
<div class="amount">${formatMoney(slip.amount, slip.currency, localeOf(language))}</div>
${row(d.direction, slip.kind === 'added' ? d.directionAdded : d.directionRemoved)}
${row(d.reason, slip.reason)}
${row(w.operator, slip.operator)}
${row(d.approvedBy, supervisor)}
${party(d.handedBy, handedBy)}
${party(d.receivedBy, receivedBy)}
${trainingMark}
`;
  return htmlDocument({ language, title, paper: input.paper, css: CSS, body });
}
