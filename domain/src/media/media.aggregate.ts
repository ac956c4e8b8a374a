import type { Decider } from '../events/decider';
import { type MediaCommand, decideMedia } from './media.decider';
import { type MediaEvent, isMediaEventType } from './media.events';
import { type MediaState, evolveMedia, initialMediaState } from './media.state';

/** The media library aggregate: every file's name and fate on the one media stream. */
export const mediaDecider: Decider<MediaState, MediaCommand, MediaEvent> = {
  initialState: initialMediaState,
  decide: decideMedia,
  evolve: evolveMedia,
  isEventType: isMediaEventType,
};
