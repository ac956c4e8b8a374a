import { Injectable } from '@nestjs/common';
import { SITE_STREAM, type SiteCommand, type SiteCommandMetadata, type SiteEvent, type SiteState, siteDecider } from '@punchline/domain';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome } from '../platform/event-sourcing/aggregate-runner';
import { SettingsReadService } from './settings-read.service';
import { SETTINGS_TEXTS } from './settings-texts';

export type SiteCommandOutcome = CommandOutcome<SiteState, SiteEvent>;

/**
 * A site command as a controller states it: type, data and any ids it carries (`snapshotId`,
 * `scheduleId`); the facade adds who and when (DESIGN §12.3), so no caller builds that metadata.
 */
export type SiteRequest = SiteCommand extends infer C
  ? C extends { metadata: infer M }
    ? Omit<C, 'metadata'> & ([Exclude<keyof M, keyof SiteCommandMetadata>] extends [never] ? unknown : { metadata: Omit<M, keyof SiteCommandMetadata> })
    : never
  : never;

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
   * Decides `request` (or what `build` makes of the caught-up state: one command, or several decided
   * in turn and appended together) as `actor` (the issuer's admin unless said otherwise) at the
   * runner's time, appends, and answers once the read side shows it.
   */
  async execute(
    issuer: CommandIssuer,
    request: SiteRequest | ((state: SiteState) => SiteRequest | SiteRequest[]),
    actor: string | null = issuer.actorEmail,
  ): Promise<SiteCommandOutcome> {
    const outcome = await this.runner.execute(SITE_STREAM, issuer, ({ now, state }) => {
      const built = typeof request === 'function' ? request(state) : request;
      // An empty actor is refused by the decider ('actorRequired'), never guessed here.
      const stamp = (command: SiteRequest): SiteCommand =>
        ({ ...command, metadata: { ...('metadata' in command ? command.metadata : {}), actorEmail: actor ?? '', now } }) as SiteCommand;
      return Array.isArray(built) ? built.map(stamp) : stamp(built);
    });
    if (outcome.position !== null) this.reads.invalidate();
    return outcome;
  }

  /** The caught-up state, for checks that must see the aggregate rather than a read model. */
  current(): Promise<SiteState> {
    return this.runner.read(SITE_STREAM, (state) => state);
  }
}
