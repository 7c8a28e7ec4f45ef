import initial from './0001-initial.ts';
import historyIndexes from './0002-history-indexes.ts';
import gatewayBindingCustody from './0003-gateway-binding-custody.ts';
import historyTextSearch from './0004-history-text-search.ts';
import shiftsOperators from './0005-shifts-operators.ts';
import lifecycleCustodyRecords from './0006-lifecycle-custody-records.ts';
import pinMacs from './0007-pin-macs.ts';
import historySearchTyped from './0008-history-search-typed.ts';
import auditChain from './0009-audit-chain.ts';
import historyStates from './0010-history-states.ts';
import drawerCountsHandovers from './0011-drawer-counts-handovers.ts';
import receiptLanguage from './0012-receipt-language.ts';
import deskJournal from './0013-desk-journal.ts';
import deskJournalReferences from './0014-desk-journal-references.ts';
import chainCompact from './0015-chain-compact.ts';
import eventAnswers from './0016-event-answers.ts';
import historyIndexesAscending from './0017-history-indexes-ascending.ts';
import requisiteLists from './0018-requisite-lists.ts';
import moneyStates from './0019-money-states.ts';
import deskJournalStreams from './0020-desk-journal-streams.ts';
import deskJournalRetention from './0021-desk-journal-retention.ts';

/** In order. The position is the version: the first entry is version 1. */
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  { name: '0001-initial', sql: initial },
  { name: '0002-history-indexes', sql: historyIndexes },
  { name: '0003-gateway-binding-custody', sql: gatewayBindingCustody },
  { name: '0004-history-text-search', sql: historyTextSearch },
  { name: '0005-shifts-operators', sql: shiftsOperators },
  { name: '0006-lifecycle-custody-records', sql: lifecycleCustodyRecords },
  { name: '0007-pin-macs', sql: pinMacs },
  { name: '0008-history-search-typed', sql: historySearchTyped },
  { name: '0009-audit-chain', sql: auditChain },
  { name: '0010-history-states', sql: historyStates },
  { name: '0011-drawer-counts-handovers', sql: drawerCountsHandovers },
  { name: '0012-receipt-language', sql: receiptLanguage },
  { name: '0013-desk-journal', sql: deskJournal },
  { name: '0014-desk-journal-references', sql: deskJournalReferences },
  { name: '0015-chain-compact', sql: chainCompact },
  { name: '0016-event-answers', sql: eventAnswers },
  { name: '0017-history-indexes-ascending', sql: historyIndexesAscending },
  { name: '0018-requisite-lists', sql: requisiteLists },
  { name: '0019-money-states', sql: moneyStates },
  { name: '0020-desk-journal-streams', sql: deskJournalStreams },
  { name: '0021-desk-journal-retention', sql: deskJournalRetention },
];
