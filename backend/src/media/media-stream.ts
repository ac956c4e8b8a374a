import { Injectable } from '@nestjs/common';
import { MEDIA_STREAM, type MediaCommand, type MediaEvent, type MediaState, mediaDecider } from '@punchline/domain';
import { type AggregateRunner, AggregateRunners, type CommandIssuer, type CommandOutcome } from '../platform/event-sourcing/aggregate-runner';

export type MediaCommandOutcome = CommandOutcome<MediaState, MediaEvent>;

/** The media library aggregate (DESIGN §7 media stream) through the one aggregate runner, cached like the site. */
@Injectable()
export class MediaStream {
  private readonly runner: AggregateRunner<MediaState, MediaCommand, MediaEvent>;

  constructor(runners: AggregateRunners) {
    this.runner = runners.create({ decider: mediaDecider, name: 'media', staleRevisionText: 'The media library changed at the same time; try again.', cache: true });
  }

  /** Runs `fn` on the caught-up state, in turn with this process's decisions. */
  read<T>(fn: (state: MediaState) => T | Promise<T>): Promise<T> {
    return this.runner.read(MEDIA_STREAM, fn);
  }

  /** The library as last read by this process, without a query (null before the first read). */
  lastKnown(): MediaState | null {
    return this.runner.cachedState(MEDIA_STREAM);
  }

  /** Decides `build(state)`, appends, and answers once the projector has passed the events. */
  execute(issuer: CommandIssuer, build: (state: MediaState) => MediaCommand): Promise<MediaCommandOutcome> {
    return this.runner.execute(MEDIA_STREAM, issuer, ({ state }) => build(state));
  }
}
