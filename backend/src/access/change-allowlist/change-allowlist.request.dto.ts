import { z } from 'zod';
import { DomainError } from '@punchline/domain';

export const changeAllowlistRequest = z.object({ emails: z.array(z.string()) });
export type ChangeAllowlistRequest = z.infer<typeof changeAllowlistRequest>;

export function parseChangeAllowlistRequest(body: unknown): ChangeAllowlistRequest {
  const parsed = changeAllowlistRequest.safeParse(body);
  if (!parsed.success) throw new DomainError('INVALID_INPUT', 'Send {"emails": [...]} with the whole editable allowlist.');
  return parsed.data;
}
