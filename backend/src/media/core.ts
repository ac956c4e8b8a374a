/**
 * The media feature without the web framework: what command-line tools (backup, restore) use. Its
 * index re-exports this beside the Nest module and its controllers, whose framework (Nest, the
 * request validators and API docs) cost the backup commands ~35 MB of RSS and ~20 MB of live heap
 * that every collection of a restore walked again (issue 29).
 */
export type { MediaStorage } from './storage/media-storage.port';
export { createMediaStorage } from './storage/create-media-storage';
export { makeVariants, sha256Hex } from './images/image-pipeline';
