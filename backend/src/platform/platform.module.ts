import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { AggregateRunners } from './event-sourcing/aggregate-runner';
import { Clock, IdSource } from './event-sourcing/clock';
import type { Runtime } from './runtime';
import { RateLimitCounters } from './shared-state/rate-limit-store';

export const RUNTIME = Symbol('RUNTIME');
export const CONFIG = Symbol('CONFIG');
export const DATABASE = Symbol('DATABASE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTOR = Symbol('PROJECTOR');

/** Exposes the runtime's parts, the clock, ids and aggregate runners to every feature module; closes them on shutdown. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly counters: RateLimitCounters,
  ) {}

  static forRuntime(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: CONFIG, useValue: runtime.config },
      { provide: DATABASE, useValue: runtime.db },
      { provide: EVENT_STORE, useValue: runtime.store },
      { provide: PROJECTOR, useValue: runtime.projector },
      { provide: Clock, useClass: Clock },
      { provide: IdSource, useClass: IdSource },
      // Rate limits counted in the database, so they hold across instances (DESIGN §18).
      { provide: RateLimitCounters, useFactory: () => new RateLimitCounters(runtime.db) },
      {
        provide: AggregateRunners,
        useFactory: (clock: Clock, ids: IdSource) => new AggregateRunners(runtime.store, runtime.projector, clock, ids),
        inject: [Clock, IdSource],
      },
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => p.provide) };
  }

  async onApplicationShutdown(): Promise<void> {
    this.counters.close();
    await this.runtime.close();
  }
}
