import { Body, Controller, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { settingsBodyValidation } from '../settings-request';
import { SaveSnapshotCommand, type SaveSnapshotResult } from './save-snapshot.command';
import { SaveSnapshotRequestDto } from './save-snapshot.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';

@ApiTags('settings')
@Controller('api/settings/versions')
export class SaveSnapshotHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** SPEC §7: creates a draft snapshot (201) and answers it. */
  @Post()
  @ApiBody({ schema: { type: 'object', properties: { label: { type: 'string', nullable: true }, stage: { type: 'string', enum: ['draft'] } } } })
  @ApiCreatedResponse({ description: '{version: {id, label, stage, status, created_at, author_email}, error: null}' })
  async save(@Actor() actor: AdminIssuer, @Body(settingsBodyValidation) body: SaveSnapshotRequestDto): Promise<SaveSnapshotResult> {
    return this.commands.execute(new SaveSnapshotCommand(actor, body.label ?? null));
  }
}
