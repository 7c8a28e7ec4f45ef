import type { EventPayload, Request } from '../../common/contract.ts';

/** The head office as the desk sees it: its status, the supervisor's enrolment, and the reset code. */
export const headOfficeApi = {
  status: () => window.cashdesk.hq.status({}),
  enrol: (request: Request<'hq.enrol'>) => window.cashdesk.hq.enrol(request),
  resetWithCode: (request: Request<'supervisor.resetWithCode'>) =>
    window.cashdesk.supervisor.resetWithCode(request),
  release: (request: Request<'hq.release'>) => window.cashdesk.hq.release(request),
  claim: (request: Request<'hq.claim'>) => window.cashdesk.hq.claim(request),
  onChanged: (listener: (status: EventPayload<'hq.changed'>) => void) =>
    window.cashdesk.on('hq.changed', listener),
};
