import type { EventPayload, Request } from '../../common/contract.ts';

/** The head office as the desk sees it: its status, the supervisor's enrolment, and the reset code. */
export const headOfficeApi = {
  status: () => window.cashdesk.headOffice.status({}),
  enrol: (request: Request<'headOffice.enrol'>) => window.cashdesk.headOffice.enrol(request),
  resetWithCode: (request: Request<'supervisor.resetWithCode'>) =>
    window.cashdesk.supervisor.resetWithCode(request),
  release: (request: Request<'headOffice.release'>) => window.cashdesk.headOffice.release(request),
  claim: (request: Request<'headOffice.claim'>) => window.cashdesk.headOffice.claim(request),
  onChanged: (listener: (status: EventPayload<'headOffice.changed'>) => void) =>
    window.cashdesk.on('headOffice.changed', listener),
};
