import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Runtime } from './runtime';

export const RUNTIME = Symbol('RUNTIME');
export const CONFIG = Symbol('CONFIG');
export const DATABASE = Symbol('DATABASE');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const PROJECTOR = Symbol('PROJECTOR');

/** Exposes the runtime's parts to every feature module; closes them on shutdown. */
@Global()
@Module({})
export class PlatformModule implements OnApplicationShutdown {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  static forRuntime(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: CONFIG, useValue: runtime.config },
      { provide: DATABASE, useValue: runtime.db },
      { provide: EVENT_STORE, useValue: runtime.store },
      { provide: PROJECTOR, useValue: runtime.projector },
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => p.provide) };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runtime.close();
  }
}
