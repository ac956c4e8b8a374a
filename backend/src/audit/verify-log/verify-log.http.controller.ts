import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { VerifyAnswer } from '@punchline/domain';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/platform.module';
import { AuditorsMay } from '../../platform/http/public.decorator';


@ApiTags('audit')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/audit/verify')
export class VerifyLogHttpController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * DESIGN §13: walks the event log's hash chain (as `npm run verify` does) and answers how many
   * events verified, the head an auditor writes down, or the first altered event.
   */
  @Get()
  @ApiOkResponse({ description: '{ok, verified, head: {position, hash}, first_invalid}' })
  async verify(): Promise<VerifyAnswer> {
    const result = await this.runtime.integrity.verifyChain();
    const bad = result.firstInvalid;
    return {
      ok: result.ok,
      verified: result.verified,
      head: result.head,
      first_invalid: bad ? { position: bad.position, event_id: bad.eventId, stream: bad.streamId, type: bad.type, reason: bad.reason } : null,
    };
  }
}
