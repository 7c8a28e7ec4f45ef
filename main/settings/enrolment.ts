// Where the desk is enrolled, kept with the settings (never the token: that is in the keychain).
// Its own module, below the head office, so the desk's gate and the supervisor read it without the head
// office's machinery.
import type { SettingsRepo } from '../store/settings.ts';

/** The head office's address, the desk's terminal ID as enrolled, its branch, and HQ's public key for reset codes. */
export type Enrolment = {
  url: string;
  terminalId: string;
  branchId: number;
  branchName: string;
  hqSigningKey: string;
  enrolledAt: string;
};

const ENROLMENT_KEY = 'head_office';

export const readEnrolment = (repo: Pick<SettingsRepo, 'get'>): Enrolment | null =>
  repo.get<Enrolment>(ENROLMENT_KEY) ?? null;

export const writeEnrolment = (repo: Pick<SettingsRepo, 'set'>, enrolment: Enrolment) =>
  repo.set(ENROLMENT_KEY, enrolment);
