import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CONTACT_RESPONSE_TEXTS, DomainError } from '@punchline/domain';
import { UpdateContactResponseHandler, type UpdateContactResponseResult } from './update-contact-response.handler';
import { UpdateContactResponseRequestDto } from './update-contact-response.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('contact responses')
@Controller('api/admin/contact-responses')
export class UpdateContactResponseHttpController {
  constructor(private readonly updateResponse: UpdateContactResponseHandler) {}

  /** SPEC §7: {responded} or {notes} → {item}. Unchanged values record nothing and answer the item as it is. */
  @Patch(':id')
  @ApiBody({ schema: { type: 'object', properties: { responded: { type: 'boolean' }, notes: { type: 'string', maxLength: 5000 } } } })
  @ApiOkResponse({ description: '{item}' })
  async update(@Actor() actor: AdminIssuer, @Param('id') id: string, @Body() body: UpdateContactResponseRequestDto): Promise<UpdateContactResponseResult> {
    if (body.responded === undefined && body.notes === undefined) throw new DomainError('INVALID_INPUT', CONTACT_RESPONSE_TEXTS.nothingToChange);
    return this.updateResponse.execute(actor, id, { responded: body.responded, notes: body.notes });
  }
}
