import type { CashdeskApi } from '../common/contract.ts';

declare global {
  interface Window {
    /** The only way out of the sandbox: built by preload (or the test harness) from the contract. */
    cashdesk: CashdeskApi;
  }
}
