import { auditProjection } from './audit/audit.projection';
import type { Projection } from './projection';

/** Every read model the projector maintains and replay rebuilds. Names must be unique. */
export function allProjections(): Projection[] {
  return [auditProjection];
}
