import { Body, Controller, Put, Query, UseFilters } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DraftEditAccessFilter, settingsValidation } from '../settings-request';
import { SaveDraftCommand, type SaveDraftResult } from './save-draft.command';
import { SaveDraftRequestDto } from './save-draft.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings')
@UseFilters(DraftEditAccessFilter)
export class SaveDraftHttpController {
  constructor(private readonly commands: CommandBus) {}

  /**
   * SPEC §7: saves the whole record as the draft. Only the lock holder (423 otherwise); unknown
   * fields are refused with 400 naming them; the read-only updated_at is ignored.
   */
  @Put()
  @ApiQuery({ name: 'stage', required: true, enum: ['draft'] })
  @ApiBody({ schema: { type: 'object', description: 'The whole flat settings record.' } })
  @ApiOkResponse({ description: '{data: the saved draft (merged over live), error: null}' })
  async save(@Actor() actor: AdminIssuer, @Query(settingsValidation) _query: SaveDraftRequestDto, @Body() body: unknown): Promise<SaveDraftResult> {
    return this.commands.execute(new SaveDraftCommand(actor, body));
  }
}
