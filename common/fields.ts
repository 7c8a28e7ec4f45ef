// The fields every value crossing the bridge is built from: ids, amounts, times and short text.
import { z } from 'zod';
import { OPERATION_TYPES } from './enums.ts';
import { LIMITS } from './limits.ts';
import { AMOUNT_PATTERN } from './money.ts';
import { typedText } from './text.ts';

export const shopId = z.number().int().positive().max(2_147_483_647);
export const operationNumber = z
  .string()
  .trim()
  .min(1)
  .max(LIMITS.operationNumber)
  .regex(/^[\p{L}\p{N}_\-/#:]+$/u, 'letters, digits and - _ / # : only');
export const localId = z.number().int().positive();
export const operationType = z.enum(OPERATION_TYPES);
export const amount = z.string().regex(AMOUNT_PATTERN, 'an amount like 150 or 150.00');
export const shortText = typedText.trim().min(1).max(LIMITS.shortText);
export const isoTime = z.iso.datetime({ offset: true });
