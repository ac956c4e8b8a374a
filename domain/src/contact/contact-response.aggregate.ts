import type { Decider } from '../events/decider';
import { type ContactResponseCommand, type ContactResponseState, decideContactResponse, evolveContactResponse, initialContactResponseState } from './contact-response.decider';
import { type ContactEvent, isContactEventType } from './contact-response.events';

/** One contact message's aggregate: received, delivered, marked and annotated, on its own stream. */
export const contactResponseDecider: Decider<ContactResponseState, ContactResponseCommand, ContactEvent> = {
  initialState: initialContactResponseState,
  decide: decideContactResponse,
  evolve: evolveContactResponse,
  isEventType: isContactEventType,
};
