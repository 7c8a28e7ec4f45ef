// Every printed document rendered in Chromium at its page size, as the printer gets it, and read
// back: the page is the paper's width (80 mm = 226.8 pt, 58 mm = 164.4 pt, A4), a roll is one page,
// every word sits inside the printable width, the words are there (pdftotext), and the QR code
// decodes to the shop and operation number printed beside it. Each case leaves its PDF in
// test-results/receipts/<template>-<case>.pdf, and, where its QR code is read, a PNG at a thermal
// printer's resolution beside it (drawing one costs as much as the rest of the case's checks).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import type { Meaning, OperationView, Paper } from '../../common/contract.ts';
import { receiptCode } from '../../common/receipt-code.ts';
import { PAPER } from '../../main/receipts/paper.ts';
import { createPrintI18n } from '../../main/receipts/print-words.ts';
import { type ReceiptInput, renderReceipt } from '../../main/receipts/receipt-template.ts';
import { renderShiftReport } from '../../main/receipts/shift-report-template.ts';
import { chainCode, type ShiftReportView, type ZReportView } from '../../main/receipts/shift-report-view.ts';
import { renderTestPage } from '../../main/receipts/test-page-template.ts';
import { renderPdf } from '../e2e/chromium-printer.ts';
import { sharedPrintPage } from '../e2e/shared-browser.ts';
import { RESULTS_DIR } from '../e2e/stack.ts';
import { PT_PER_MM, pageSizes, pdfText, readQr, renderPng, words } from '../support/pdf.ts';

const OUT = join(RESULTS_DIR, 'receipts');
const ZONE = 'Asia/Almaty';
/** The side margins each roll leaves unprinted (paper width − printable width, halved). */
const EDGE_PT = (paper: Paper) => ((PAPER[paper].widthMm - PAPER[paper].printableMm) / 2) * PT_PER_MM;

let page: Page;
before(async () => {
  mkdirSync(OUT, { recursive: true });
  page = await sharedPrintPage();
});

/** What the core would answer about the operation (main/operations/meaning.ts), for a view made here. */
function meaning(overrides: Partial<Meaning> = {}): Meaning {
  return {
    open: null,
    finding: null,
    alert: false,
    stuck: false,
    note: null,
    custody: { action: null, refused: null },
    money: 'live',
    otherMode: false,
    startAgain: false,
    reversible: false,
    receipt: { print: 'pending', wording: 'cash_in' },
    status: { word: 'pending', final: false, completed: false },
    ...overrides,
  };
}

/** The answer for a final operation: its status completed, and the final receipt in these words. */
const completed = (wording: Meaning['receipt']['wording']): Partial<Meaning> => ({
  receipt: { print: 'final', wording },
  status: { word: 'completed', final: true, completed: true },
});

function operation(overrides: Partial<OperationView> = {}): OperationView {
  return {
    localId: 7,
    operationNumber: 'T01-261122-0042',
    shopId: 1001,
    type: 'payin',
    terminalId: 'T01',
    training: false,
    methodId: 'm-cash-kzt',
    methodName: 'Cash KZT',
    instrumentType: 'cash',
    payerId: 'PAYER-7781',
    amount: '12500.50',
    currency: 'KZT',
    phase: 'created',
    status: 'created',
    final: false,
    cash: 'accept',
    session: null,
    gatewayId: '918273',
    settlementAmount: '24.31',
    settlementCurrency: 'USD',
    registeredAt: '2026-11-22T09:05:00.000Z',
    gatewayUpdatedAt: '2026-11-22T09:05:02.000Z',
    isCorrection: false,
    parent: null,
    payerDetails: [{ name: 'phone', title: 'Phone number', type: 'string', value: '+77011234567' }],
    paymentMethodRequisites: [
      { name: 'cashPointCode', value: 'KZ-ALA-0042' },
      { name: 'cashPointAddress', value: 'Almaty, 10 Abay Avenue' },
    ],
    lastError: null,
    createdAt: '2026-11-22T09:04:40.000Z',
    updatedAt: '2026-11-22T09:05:02.000Z',
    lastCheckedAt: null,
    printCount: 0,
    gatewayUrl: null,
    mismatch: null,
    custody: null,
    returned: null,
    meaning: meaning({ open: 'take_cash', custody: { action: 'received', refused: null } }),
    ownDesk: true,
    operator: 'Aigerim',
    shiftId: 12,
    ...overrides,
  };
}

const i18n = createPrintI18n();

function receipt(overrides: Partial<ReceiptInput> = {}): ReceiptInput {
  return {
    i18n,
    operation: operation(),
    document: 'receipt',
    shop: { id: 1001, name: 'Training shop' },
    terminalId: 'T01',
    operator: 'Aliya N.',
    shiftNumber: 12,
    paper: '80mm',
    language: 'en',
    copyNumber: 0,
    printedAt: '2026-11-22T09:06:00.000Z',
    timeZone: ZONE,
    ...overrides,
  };
}

type Rendered = { pdf: string; png: () => string; text: string; flat: string };

/** Renders, writes the PDF and the PNG, and checks what every document must hold. */
async function render(name: string, html: string, paper: Paper): Promise<Rendered> {
  const pdf = join(OUT, `${name}.pdf`);
  writeFileSync(pdf, await renderPdf(page, html, paper));
  const png = () => renderPng(pdf, join(OUT, name));
  const pages = pageSizes(pdf);
  const width = PAPER[paper].widthMm * PT_PER_MM;
  assert.ok(pages.length >= 1);
  // Chromium sizes a PDF page on a grid of its own: 58 mm comes out 165.1 pt, 80 mm 227.0 pt and
  // A4 595.9 pt wide. Within 1 pt (0.35 mm) is the paper's width.
  for (const page of pages) assert.ok(Math.abs(page.width - width) < 1, `${name}: ${page.width} pt wide`);
  if (PAPER[paper].heightMm === null) {
    assert.equal(pages.length, 1, `${name}: a roll is one page`);
  } else {
    assert.ok(Math.abs(pages[0]!.height - 297 * PT_PER_MM) < 1, `${name}: an A4 page`);
  }
  const edge = PAPER[paper].heightMm === null ? EDGE_PT(paper) - 0.5 : 0;
  for (const word of words(pdf)) {
    assert.ok(
      word.xMin >= edge && word.xMax <= width - edge,
      `${name}: "${word.text}" runs outside the printable width (${word.xMin}–${word.xMax} of ${width})`,
    );
  }
  const text = pdfText(pdf);
  return { pdf, png, text, flat: text.replace(/\s+/g, ' ') };
}

/** Each phrase is on the paper, whole (line breaks read as spaces). */
function assertHas(rendered: Rendered, phrases: string[]) {
  for (const phrase of phrases) {
    assert.ok(rendered.flat.includes(phrase), `missing "${phrase}" in:\n${rendered.text}`);
  }
}

/** The QR code reads as the shop and number, and the same shop and number are printed in words. */
function assertQr(rendered: Rendered, shopId: number, operationNumber: string) {
  assert.equal(readQr(rendered.png()), receiptCode(shopId, operationNumber));
  assert.ok(rendered.flat.includes(String(shopId)));
  assert.ok(rendered.text.replace(/\s/g, '').includes(operationNumber.replace(/\s/g, '')));
}

describe('receipts', () => {
  test('a pending payin says it is no final confirmation, with the cash point and no settlement', async () => {
    const r = await render('receipt-pending-payin', renderReceipt(receipt()), '80mm');
    assertHas(r, [
      'RECEIPT',
      'Cash in (deposit)',
      'Training shop',
      'Shop ID 1001',
      'Cash point: Almaty, 10 Abay Avenue',
      'KZ-ALA-0042',
      'Terminal T01',
      'Shift 12',
      'Operator Aliya N.',
      'T01-261122-0042',
      'Gateway operation ID 918273',
      'Method Cash KZT',
      'Payer ID PAYER-7781',
      'KZT 12,500.50',
      'Pending — not a final confirmation',
      'Registered Nov 22, 2026, 02:05 PM GMT+5',
      'Updated Nov 22, 2026, 02:05 PM GMT+5',
      'Phone ****4567',
      "Agent's signature",
    ]);
    assert.doesNotMatch(r.flat, /14:05|11\/22\/2026/, 'times read as the screens show them');
    assert.doesNotMatch(r.flat, /USD|24\.31|Settlement/, 'the settlement amount is for the agent copy only');
    assert.doesNotMatch(r.flat, /COPY|TRAINING|Payer's signature/);
    assert.doesNotMatch(r.flat, /7011234567/, 'the phone is masked on the payer copy');
    assertQr(r, 1001, 'T01-261122-0042');
  });

  test('a completed payout carries its custody line', async () => {
    const view = operation({
      type: 'payout',
      status: 'captured',
      final: true,
      cash: 'none',
      meaning: meaning(completed('cash_out')),
      custody: {
        kind: 'handed_over',
        amount: '20000',
        currency: 'KZT',
        at: '2026-11-22T09:12:30.000Z',
        terminalId: 'T01',
        operator: null,
      },
      amount: '20000',
      payerDetails: [
        { name: 'fullName', title: 'Full name', type: 'string', value: 'Aigerim Sadykova' },
        { name: 'phone', title: 'Phone number', type: 'string', value: '+77011234567' },
      ],
    });
    const r = await render('receipt-completed-payout', renderReceipt(receipt({ operation: view })), '80mm');
    assertHas(r, [
      'Cash out (withdrawal)',
      'Status Completed',
      'Cash handed over Nov 22, 2026, 02:12 PM GMT+5',
      'Full name Aigerim Sadykova',
      'Keep this receipt.',
    ]);
    assertQr(r, 1001, view.operationNumber);
  });

  test('a training receipt says so at the top and at the bottom', async () => {
    const r = await render(
      'receipt-training',
      renderReceipt(receipt({ operation: operation({ training: true }) })),
      '80mm',
    );
    const marks = r.text.split('\n').filter((line) => line.includes('TRAINING — NOT A PAYMENT'));
    assert.equal(marks.length, 2);
    const lines = r.text.split('\n').filter((line) => line.trim());
    assert.match(lines[0]!, /TRAINING — NOT A PAYMENT/);
    assert.match(lines.at(-1)!, /TRAINING — NOT A PAYMENT/);
  });

  test('a reprint says COPY 2', async () => {
    const r = await render('receipt-copy2', renderReceipt(receipt({ copyNumber: 2 })), '80mm');
    assert.match(r.flat, /COPY 2/);
    assertQr(r, 1001, 'T01-261122-0042');
  });

  test('on 58 mm, long names and requisites wrap and nothing is cut off', async () => {
    const longNumber = 'T01-261122-0042-CORRECTION-OF-T01-261121-0007-REISSUED';
    const view = operation({
      shopId: 1002,
      operationNumber: longNumber,
      methodName: 'Bank transfer TRY via the partner bank of the Istanbul branch network',
      payerId: 'PAYER-0000000000-WALK-IN-CUSTOMER-WITH-A-VERY-LONG-IDENTIFIER',
      amount: '100000.00',
      currency: 'TRY',
      paymentMethodRequisites: [
        { name: 'iban', value: 'TR330006100519786457841326' },
        { name: 'recipientName', value: 'Training Alıcı Anonim Şirketi Uluslararası Ödeme Hizmetleri' },
        {
          name: 'cashPointAddress',
          value: 'İstanbul, Beşiktaş, Barbaros Bulvarı No:145, Kat 3, Daire 12, opposite the ferry pier',
        },
        { name: 'referenceNote', value: 'PAYMENT-REFERENCE-WITHOUT-ANY-SPACES-0123456789ABCDEFGHIJ' },
      ],
      payerDetails: [
        {
          name: 'fullName',
          title: 'Full name',
          type: 'string',
          value: 'Mehmet Ali Abdurrahmanoğlu Karamanlıoğulları',
        },
        { name: 'iban', title: 'IBAN', type: 'string', value: 'TR120006200000000123456789' },
      ],
    });
    const shop = { id: 1002, name: 'Second shop of the Anatolian regional distribution company' };
    const r = await render(
      'receipt-58mm-long',
      renderReceipt(receipt({ operation: view, shop, paper: '58mm' })),
      '58mm',
    );
    const joined = r.text.replace(/\s/g, '');
    for (const whole of [
      longNumber,
      view.payerId,
      'PAYMENT-REFERENCE-WITHOUT-ANY-SPACES-0123456789ABCDEFGHIJ',
      'Referencenote',
      'MehmetAliAbdurrahmanoğluKaramanlıoğulları',
      'SecondshopoftheAnatolianregionaldistributioncompany',
      'opposite the ferry pier'.replace(/\s/g, ''),
    ]) {
      assert.ok(joined.includes(whole), `"${whole}" is cut in:\n${r.text}`);
    }
    assert.ok(r.flat.includes('****1326'), 'the IBAN shows its last 4');
    assert.ok(r.flat.includes('****6789'));
    assert.doesNotMatch(joined, /TR330006100519786457841326/);
    // Readable on thermal paper: no glyph under 9 pt (a word's box is a little taller than its size).
    const smallest = Math.min(...words(r.pdf).map((w) => w.yMax - w.yMin));
    assert.ok(smallest >= 9, `the smallest text is ${smallest.toFixed(1)} pt high`);
    assertQr(r, 1002, longNumber);
  });

  test('in Russian, every word of the receipt is Russian', async () => {
    const view = operation({
      custody: {
        kind: 'received',
        amount: '12500.50',
        currency: 'KZT',
        at: '2026-11-22T09:06:10.000Z',
        terminalId: 'T01',
        operator: null,
      },
    });
    const r = await render(
      'receipt-russian',
      renderReceipt(receipt({ operation: view, language: 'ru' })),
      '80mm',
    );
    assertHas(r, [
      'КВИТАНЦИЯ',
      'Внесение наличных',
      'ID магазина 1001',
      'Пункт обслуживания',
      'Терминал T01',
      'Смена 12',
      'Кассир Aliya N.',
      'Операция №',
      'Ожидает — не окончательное подтверждение',
      'Наличные получены 22 нояб. 2026 г., 14:06 GMT+5',
      'Телефон ****4567',
      'Подпись агента',
    ]);
    assert.doesNotMatch(r.flat, /Receipt|Status|Amount|Terminal|Pending|signature/);
  });

  test('in Kazakh, the receipt reads in Kazakh, with kk-KZ money and times, and its QR code scans', async () => {
    const view = operation({
      training: true,
      amount: '12500',
      custody: {
        kind: 'received',
        amount: '12500',
        currency: 'KZT',
        at: '2026-11-22T09:06:10.000Z',
        terminalId: 'T01',
        operator: null,
      },
    });
    const r = await render(
      'receipt-kazakh',
      renderReceipt(receipt({ operation: view, language: 'kk', operator: 'Training' })),
      '80mm',
    );
    assertHas(r, [
      'ОҚУ РЕЖИМІ — ТӨЛЕМ ЕМЕС',
      'ТҮБІРТЕК',
      'Қолма-қол ақша енгізу',
      'Дүкен ID 1001',
      'Терминал T01',
      'Ауысым 12',
      'Кассир Оқу режимі',
      'Операция №',
      'Күтуде — түпкілікті растау емес',
      '12 500,00 ₸',
      'Қолма-қол ақша қабылданды 2026 ж. 22 қар., 14:06 GMT+5',
      'Телефон ****4567',
      'Агенттің қолы',
    ]);
    assert.doesNotMatch(
      r.flat,
      /Receipt|Status|Amount|Pending|signature|Training(?! shop)|КВИТАНЦИЯ|Оператор/,
    );
    assertQr(r, 1001, view.operationNumber);
  });

  test('an A4 receipt is an A4 page with the same content', async () => {
    const r = await render('receipt-a4', renderReceipt(receipt({ paper: 'A4' })), 'A4');
    assert.ok(r.flat.includes('Pending — not a final confirmation'));
    assert.equal(pageSizes(r.pdf).length, 1);
    assertQr(r, 1001, 'T01-261122-0042');
  });

  test('an A4 training receipt keeps its bottom mark on the one page', async () => {
    for (const document of ['receipt', 'agent_copy'] as const) {
      // Everything a receipt can carry at once: the marks, a correction, cash taken and given back.
      const view = operation({
        training: true,
        isCorrection: true,
        custody: {
          kind: 'received',
          amount: '12500.50',
          currency: 'KZT',
          at: '2026-11-22T09:06:10.000Z',
          terminalId: 'T01',
          operator: null,
        },
        returned: { at: '2026-11-22T09:20:00.000Z', operator: 'Aliya N.' },
        payerDetails: [
          { name: 'fullName', title: 'Full name', type: 'string', value: 'Aigerim Sadykova' },
          { name: 'phone', title: 'Phone number', type: 'string', value: '+77011234567' },
        ],
      });
      const r = await render(
        `receipt-a4-training-${document}`,
        renderReceipt(receipt({ operation: view, document, paper: 'A4', copyNumber: 1 })),
        'A4',
      );
      assert.equal(pageSizes(r.pdf).length, 1, `${document}: one page`);
      assert.equal(r.flat.split('TRAINING — NOT A PAYMENT').length - 1, 2, 'at the top and the bottom');
    }
  });

  test("the agent's copy has the settlement amount and the payer's signature line", async () => {
    const r = await render('agent-copy', renderReceipt(receipt({ document: 'agent_copy' })), '80mm');
    assert.ok(r.flat.includes('RECEIPT — AGENT COPY'));
    assert.ok(r.flat.includes('Settlement amount $24.31'), r.text);
    assert.ok(r.flat.includes("Payer's signature"));
    assert.ok(r.flat.includes('Phone ****4567'), r.text);
    assert.doesNotMatch(r.flat, /7011234567/, 'the phone is masked on the agent copy too');
  });

  test('one phone reads the same on both copies, as entered or as the gateway masked it', async () => {
    for (const value of ['+77011234567', '+*******4567']) {
      const view = operation({
        payerDetails: [{ name: 'phone', title: 'Phone number', type: 'string', value }],
      });
      const phones = [];
      for (const document of ['receipt', 'agent_copy'] as const) {
        const r = await render(
          `phone-${document}-${value.includes('*') ? 'masked' : 'given'}`,
          renderReceipt(receipt({ operation: view, document })),
          '80mm',
        );
        phones.push(/Phone (\S+)/.exec(r.flat)?.[1]);
      }
      assert.deepEqual(phones, ['****4567', '****4567'], value);
    }
  });

  test("another desk's operation gets a lookup slip that is marked as such", async () => {
    const view = operation({
      ownDesk: false,
      terminalId: '',
      methodName: '',
      status: 'captured',
      meaning: meaning({ ...completed('no_cash'), receipt: { print: 'slip', wording: 'no_cash' } }),
    });
    const r = await render(
      'lookup-slip',
      renderReceipt(receipt({ operation: view, document: 'lookup_slip', operator: null, shiftNumber: null })),
      '80mm',
    );
    assert.equal(r.flat.split('LOOKUP SLIP — NOT A RECEIPT').length - 1, 2, 'at the top and the bottom');
    assert.ok(r.flat.includes('Printed at terminal T01'));
    assert.ok(r.flat.includes('Run at another desk'));
    assert.doesNotMatch(r.flat, /signature|Cash received|Cash handed over|Settlement/);
    assertQr(r, 1001, view.operationNumber);
  });

  test('gateway strings are printed as text, never as markup', async () => {
    const view = operation({
      payerId: '<b>P</b><img src=x onerror=alert(1)>',
      paymentMethodRequisites: [{ name: 'cashPointAddress', value: '</style><script>alert(1)</script>' }],
    });
    const html = renderReceipt(receipt({ operation: view }));
    assert.doesNotMatch(html, /<img|<script|<\/style><script/);
    const r = await render('receipt-escaped', html, '80mm');
    assert.ok(r.flat.includes('<b>P</b><img src=x onerror=alert(1)>'));
  });
});

describe('shift reports', () => {
  const x: ShiftReportView = {
    shift: {
      id: 12,
      terminalId: 'T01',
      training: false,
      operator: 'Aliya N.',
      openedAt: '2026-11-22T03:00:00.000Z',
      closedAt: null,
    },
    producedAt: '2026-11-22T11:30:00.000Z',
    totals: [
      {
        type: 'payin',
        methodName: 'Cash KZT',
        currency: 'KZT',
        count: 14,
        amount: '412500.00',
        capturedCount: 13,
        capturedAmount: '400000.00',
        wording: 'cash_in',
      },
      {
        type: 'payout',
        methodName: 'Cash KZT',
        currency: 'KZT',
        count: 6,
        amount: '120000.00',
        capturedCount: 6,
        capturedAmount: '120000.00',
        wording: 'cash_out',
      },
      {
        type: 'payin',
        methodName: 'Bank transfer TRY',
        currency: 'TRY',
        count: 1,
        amount: '1500.00',
        capturedCount: 0,
        capturedAmount: '0.00',
        wording: 'no_cash',
      },
    ],
    cash: [
      {
        currency: 'KZT',
        float: '50000.00',
        received: '400000.00',
        handedOver: '120000.00',
        returned: '0.00',
        reversed: '0.00',
        added: '0.00',
        removed: '100000.00',
        expected: '230000.00',
      },
    ],
    openCash: [
      {
        reason: 'hand_over',
        operation: {
          localId: 31,
          operationNumber: 'T01-261122-0031',
          shopId: 1001,
          type: 'payout',
          training: false,
          payerId: 'P-31',
          operator: 'Aigerim',
          amount: '15000',
          currency: 'KZT',
          phase: 'created',
          status: 'captured',
          cash: 'hand_over',
          createdAt: '2026-11-22T10:00:00.000Z',
          custody: null,
          mismatch: null,
          meaning: meaning({
            ...completed('cash_out'),
            receipt: { print: 'none', wording: 'cash_out' },
            open: 'hand_over',
            finding: 'captured_not_handed_over',
            alert: true,
            custody: { action: 'handed_over', refused: null },
          }),
        },
      },
    ],
    waiting: [],
    reversals: [
      {
        record: {
          kind: 'handed_over',
          amount: '15000',
          currency: 'KZT',
          reason: 'recorded on the wrong payout',
        },
        operationNumber: 'T01-261122-0029',
      },
    ],
    audit: [
      {
        at: '2026-11-22T04:00:00.000Z',
        operator: 'supervisor',
        kind: 'setting_changed',
        detail: { field: 'gatewayUrl', from: null, to: 'https://gw.example.com' },
      },
    ],
  };
  const z: ZReportView = {
    ...x,
    shift: { ...x.shift, closedAt: '2026-11-22T12:00:00.000Z' },
    number: 88,
    counted: [{ currency: 'KZT', total: '229500.00' }],
    variance: [
      {
        currency: 'KZT',
        expected: '230000.00',
        counted: '229500.00',
        variance: '-500.00',
        overThreshold: false,
      },
    ],
    note: null,
    supervisorApproved: false,
    reconciliations: [{ complete: true, checked: 21, unanswered: 0, findings: [] }],
    chainHead: { seq: 412, hash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
  };

  for (const paper of ['80mm', '58mm', 'A4'] as const) {
    test(`the X report on ${paper}`, async () => {
      const r = await render(
        `x-report-${paper}`,
        renderShiftReport({ kind: 'X', report: x, paper, language: 'en', i18n, timeZone: ZONE }),
        paper,
      );
      assertHas(r, [
        'X REPORT — SHIFT SO FAR',
        'Shift 12',
        'Operator Aliya N.',
        'Cash in (deposit) · Cash KZT · KZT',
        'Count 14 KZT 412,500.00',
        'Expected KZT 230,000.00',
        'T01-261122-0031',
        'cash to hand over',
      ]);
      assert.doesNotMatch(r.flat, /Counted|Variance/);
    });

    test(`the Z report on ${paper}`, async () => {
      const r = await render(
        `z-report-${paper}`,
        renderShiftReport({ kind: 'Z', report: z, paper, language: 'en', i18n, timeZone: ZONE }),
        paper,
      );
      assertHas(r, [
        'Z REPORT No. 88 — SHIFT CLOSED',
        'Closed Nov 22, 2026, 05:00 PM GMT+5',
        'Counted KZT 229,500.00',
        'Variance Short by KZT 500.00',
        'Complete: all 21 checked at their gateway',
        "Operator's signature",
        'Setting changed',
        'Gateway address: — → https://gw.example.com',
        'Chain head: 9f86d081884c (412 records)',
      ]);
      assert.ok(r.flat.includes('by supervisor'));
      if (paper !== 'A4')
        assert.equal(readQr(r.png()), chainCode('T01', 88, z.chainHead), 'the whole head in the QR code');
    });
  }

  test("tampering reads in capitals on the Z report, the screen's words otherwise, in each language", () => {
    const audit = [
      ...z.audit,
      { at: '2026-11-22T05:00:00.000Z', operator: null, kind: 'chain_broken', detail: {} },
    ];
    const shouted = { en: 'TAMPERING FOUND', ru: 'ОБНАРУЖЕНО ВМЕШАТЕЛЬСТВО', kk: 'АРАЛАСУ АНЫҚТАЛДЫ' };
    for (const language of ['en', 'ru', 'kk'] as const) {
      const html = renderShiftReport({ kind: 'Z', report: { ...z, audit }, paper: '80mm', language, i18n });
      assert.ok(html.includes(shouted[language]), language);
      assert.ok(html.includes(i18n.words(language).t('auditKind.setting_changed')), language);
    }
  });

  test('a training shift report says so, in Russian too', async () => {
    const r = await render(
      'x-report-training-russian',
      renderShiftReport({
        kind: 'X',
        report: { ...x, shift: { ...x.shift, training: true } },
        paper: '58mm',
        language: 'ru',
        i18n,
        timeZone: ZONE,
      }),
      '58mm',
    );
    assert.equal(r.flat.split('ОБУЧЕНИЕ — НЕ ПЛАТЁЖ').length - 1, 2);
    assert.ok(r.flat.includes('X-ОТЧЁТ'));
    assert.ok(r.flat.includes('Ожидается'));
  });
});

test('the test page fills the printable width and its QR code reads', async () => {
  const r = await render(
    'test-page-58mm',
    renderTestPage({
      printer: 'EPSON_TM_T20III',
      paper: '58mm',
      language: 'en',
      i18n,
      terminalId: 'T01',
      printedAt: '2026-11-22T09:06:00.000Z',
      timeZone: ZONE,
    }),
    '58mm',
  );
  assert.ok(r.flat.includes('TEST PRINT'));
  assert.ok(r.flat.includes('Printer EPSON_TM_T20III'));
  assert.equal(readQr(r.png()), 'CashDesk test T01');
});
