import { Body, Controller, Put, Query, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DraftEditAccessFilter } from '../settings-request';
import { SaveDraftHandler, type SaveDraftResult } from './save-draft.handler';
import { SaveDraftRequestDto } from './save-draft.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings')
@UseFilters(DraftEditAccessFilter)
export class SaveDraftHttpController {
  constructor(private readonly saveDraft: SaveDraftHandler) {}

  /**
   * SPEC §7: saves the whole record as the draft. Only the lock holder (423 otherwise); unknown
   * fields are refused with 400 naming them; the read-only updated_at is ignored. The body stays
   * `unknown`: the record's one validator is the domain's (DESIGN §6), shared with the editor.
   */
  @Put()
  @ApiQuery({ name: 'stage', required: true, enum: ['draft'] })
  @ApiBody({ schema: { type: 'object', description: 'The whole flat settings record.' } })
  @ApiOkResponse({ description: '{data: the saved draft (merged over live), error: null}' })
  async save(@Actor() actor: AdminIssuer, @Query() _query: SaveDraftRequestDto, @Body() body: unknown): Promise<SaveDraftResult> {
    return this.saveDraft.execute(actor, body);
  }
}
