// A feature as the composition root (main/core.ts) sees it: the channels it answers, and what it
// starts once everything is built and stops when the core closes.
export type Feature<H> = {
  handlers: H;
  start(): void | Promise<void>;
  close(): void | Promise<void>;
};
