import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { settingsBodyValidation } from '../settings-request';
import { SchedulePublishCommand, type SchedulePublishResult } from './schedule-publish.command';
import { SchedulePublishRequestDto } from './schedule-publish.request.dto';

@ApiTags('settings')
@Controller('api/settings/schedule')
export class SchedulePublishHttpController {
  constructor(private readonly commands: CommandBus) {}

  /** Issue 14: schedules a publish (201); allowed while another editor holds the lock (it does not edit the draft). */
  @Post()
  @HttpCode(201)
  @ApiBody({ schema: { type: 'object', properties: { at: { type: 'string', format: 'date-time' }, snapshotId: { type: 'string', nullable: true } }, required: ['at'] } })
  @ApiCreatedResponse({ description: '{schedule: {id, at, snapshotId, snapshot_label, created_by, created_at}}' })
  async schedule(@Actor() actor: AdminIssuer, @Body(settingsBodyValidation) body: SchedulePublishRequestDto): Promise<SchedulePublishResult> {
    return this.commands.execute(new SchedulePublishCommand(actor, body.at, body.snapshotId ?? null));
  }
}
