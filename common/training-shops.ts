// The shops a new desk starts with are the training gateway's own (main/sandbox/catalogue.ts). A
// payer must never read these names on a real receipt: going Live asks for the shops' real names,
// and a Live receipt leaves a training name out.

/** The names of the training gateway's shops, as a new desk's settings hold them. */
export const TRAINING_SHOP_NAMES: readonly string[] = ['Training shop', 'Second shop'];

/** Whether a shop is still called by one of the training gateway's names. */
export function isTrainingShopName(name: string): boolean {
  return TRAINING_SHOP_NAMES.includes(name.trim());
}
