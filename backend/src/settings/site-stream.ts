import { Injectable } from '@nestjs/common';
import { SITE_STREAM, type SiteCommand, type SiteEvent, type SiteState, siteDecider } from '@punchline/domain';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome } from '../platform/event-sourcing/aggregate-runner';
import { SettingsReadService } from './settings-read.service';
import { SETTINGS_TEXTS } from './settings-texts';

export type SiteCommandOutcome = CommandOutcome<SiteState, SiteEvent>;

/**
 * The site aggregate (DESIGN §5, §7) through the one aggregate runner, cached in memory: a command
 * reads only the events appended since the last one (the first after start folds the stream once).
 * After a write the settings read cache is dropped, so the next read sees it.
 */
@Injectable()
export class SiteStream {
  private readonly runner: AggregateRunner<SiteState, SiteCommand, SiteEvent>;

  constructor(
    runners: AggregateRunners,
    private readonly reads: SettingsReadService,
  ) {
    this.runner = runners.create({ decider: siteDecider, name: 'site', staleRevisionText: SETTINGS_TEXTS.staleRevision, cache: true });
  }

  /**
   * Decides `build(now, state)` (one command, or several decided in turn and appended together) on
   * the caught-up state, appends, and answers once the read side shows it.
   */
  async execute(issuer: CommandIssuer, build: (now: string, state: SiteState) => SiteCommand | SiteCommand[]): Promise<SiteCommandOutcome> {
    const outcome = await this.runner.execute(SITE_STREAM, issuer, ({ now, state }) => build(now, state));
    if (outcome.position !== null) this.reads.invalidate();
    return outcome;
  }

  /** The caught-up state, for checks that must see the aggregate rather than a read model. */
  current(): Promise<SiteState> {
    return this.runner.read(SITE_STREAM, (state) => state);
  }
}
