import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { settingsBodyValidation } from '../settings-request';
import { PublishCommand, type PublishResult } from './publish.command';
import { PublishRequestDto } from './publish.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/publish')
export class PublishHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: publishes to live; 404 for an unknown snapshot, 423 while another editor holds the lock. */
  @Post()
  @HttpCode(200)
  @ApiBody({ required: false, schema: { type: 'object', properties: { snapshotId: { type: 'string', nullable: true } } } })
  @ApiOkResponse({ description: '{data: the new live settings, version, error: null}' })
  async publish(@Actor() actor: AdminIssuer, @Body(settingsBodyValidation) body: PublishRequestDto): Promise<PublishResult> {
    return this.commands.execute(new PublishCommand(actor, body.snapshotId ?? null));
  }
}
