/**
 * The settings feature as other features see it (issue 9: a feature imports another only through
 * its index): the read side, the site aggregate's facade and the request pipes its routes share.
 */
export { SettingsReadService, type LiveSnapshot } from './settings-read.service';
export { DraftEditAccessFilter } from './settings-request';
export { SiteStream } from './site-stream';
export { MediaLibraryView } from './media-library.view';
