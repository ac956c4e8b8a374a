import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { activeLock } from '@punchline/domain';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { Clock } from '../../platform/event-sourcing/clock';
import { SettingsReadService, toLockView } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { ReleaseLockCommand } from './release-lock.command';

@CommandHandler(ReleaseLockCommand)
export class ReleaseLockHandler implements ICommandHandler<ReleaseLockCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly clock: Clock,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context, reason }: ReleaseLockCommand): Promise<LockAnswer> {
    const outcome = await this.site.execute(context, (now) => ({
      type: 'ReleaseLock',
      data: reason === undefined ? {} : { reason },
      metadata: { actorEmail: context.actorEmail, now },
    }));
    // Whatever lock is left (another editor's, when the caller held none).
    return { lock: await this.reads.named(toLockView(activeLock(outcome.state, this.clock.now().toISOString()))), error: null };
  }
}
