import { z } from 'zod';

/** The body of every error answer (contract §1.4). */
export const errorBodySchema = z.object({
  message: z.string(),
  status: z.number().int(),
  code: z.string(),
  details: z.unknown().optional(),
});

export const isoDate = z.string().describe('ISO-8601 UTC with milliseconds');
