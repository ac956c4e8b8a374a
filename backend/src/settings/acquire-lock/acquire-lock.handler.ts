import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, activeLock } from '@punchline/domain';
import type { LockAnswer } from '../get-lock/get-lock.query';
import { Clock } from '../../platform/event-sourcing/clock';
import { SettingsReadService, toLockView } from '../settings-read.service';
import { SiteStream } from '../site-stream';
import { AcquireLockCommand } from './acquire-lock.command';

@CommandHandler(AcquireLockCommand)
export class AcquireLockHandler implements ICommandHandler<AcquireLockCommand> {
  constructor(
    private readonly site: SiteStream,
    private readonly clock: Clock,
    private readonly reads: SettingsReadService,
  ) {}

  async execute({ context, ttlSeconds }: AcquireLockCommand): Promise<LockAnswer> {
    try {
      const outcome = await this.site.execute(context, (now) => ({
        type: 'AcquireLock',
        data: ttlSeconds === undefined ? {} : { ttlSeconds },
        metadata: { actorEmail: context.actorEmail, now },
      }));
      return { lock: await this.reads.named(toLockView(activeLock(outcome.state, this.clock.now().toISOString()))), error: null };
    } catch (error) {
      // The 423 also names the holder, so the editor can show who has the draft (SPEC §4).
      if (error instanceof DomainError && error.code === 'LOCKED') {
        const state = await this.site.current();
        throw new DomainError('LOCKED', error.message, { lock: await this.reads.named(toLockView(activeLock(state, this.clock.now().toISOString()))) });
      }
      throw error;
    }
  }
}
