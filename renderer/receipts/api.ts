import type { Request } from '../../common/contract.ts';

export const receiptsApi = {
  render: (request: Request<'receipts.render'>) => window.cashdesk.receipts.render(request),
  markPrinted: (request: Request<'receipts.markPrinted'>) => window.cashdesk.receipts.markPrinted(request),
};
