import { create } from 'zustand';
import type { LookupResult } from '../../../common/contract.ts';

export type LookupAnswer = { id: number; result: LookupResult };

/** Answers to queued lookups, pushed by `lookup.answered`, kept until the agent dismisses them. */
type LookupAnswersStore = {
  answers: LookupAnswer[];
  add(result: LookupResult): void;
  dismiss(id: number): void;
};

let nextId = 1;

export const useLookupAnswers = create<LookupAnswersStore>()((set) => ({
  answers: [],
  add: (result) => set((s) => ({ answers: [...s.answers, { id: nextId++, result }] })),
  dismiss: (id) => set((s) => ({ answers: s.answers.filter((answer) => answer.id !== id) })),
}));

export function subjectOf(result: LookupResult): { shopId: number; operationNumber: string } {
  return result.state === 'found' ? result.operation : result;
}

export function answerKey(result: LookupResult): string {
  const { shopId, operationNumber } = subjectOf(result);
  return `${shopId}/${operationNumber}`;
}
