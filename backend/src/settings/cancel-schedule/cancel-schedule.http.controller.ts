import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { CancelScheduleCommand, type CancelScheduleResult } from './cancel-schedule.command';

@ApiTags('settings')
@Controller('api/settings/schedules')
export class CancelScheduleHttpController {
  constructor(private readonly commands: CommandBus) {}

  @Delete(':id')
  @ApiOkResponse({ description: '{schedule}: the cancelled schedule; 404 when it already ran or was cancelled' })
  async cancel(@Actor() actor: AdminIssuer, @Param('id') id: string): Promise<CancelScheduleResult> {
    return this.commands.execute(new CancelScheduleCommand(actor, id));
  }
}
