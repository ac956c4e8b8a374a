import type { EventSubscription } from './event-store.port';

/** The subscriptions a store has handed out and not yet seen closed; closing the store ends them all. */
export class OpenSubscriptions {
  private readonly open = new Set<EventSubscription>();

  /** Makes one with `create`, which gets the callback its subscription calls once closed, and keeps it until then. */
  add<S extends EventSubscription>(create: (onClosed: (subscription: S) => void) => S): S {
    const subscription = create((closed) => this.open.delete(closed));
    this.open.add(subscription);
    return subscription;
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open].map((subscription) => subscription.close()));
  }
}
