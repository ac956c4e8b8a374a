import { Command } from '@nestjs/cqrs';
import type { AdminIssuer } from '../../platform/http/request-context';
import type { MediaFileView } from '../media-files.read';

export interface IncomingFile {
  /** As the browser named it. */
  originalName: string;
  buffer: Buffer;
  /** SHA-256 of `buffer`, hex, when it was computed as the bytes arrived (issue 25). */
  sha256?: string;
}

/** SPEC §7: {url}; the stored file comes along so a picker can select it without listing again. */
export interface UploadMediaAnswer {
  url: string;
  item: MediaFileView;
}

/** POST /api/storage/upload (multipart field `file`). */
export class UploadMediaCommand extends Command<UploadMediaAnswer> {
  constructor(
    readonly context: AdminIssuer,
    readonly file: IncomingFile | null,
    /** Upload identical bytes again under a new name (the admin chose 'Upload a copy anyway'). */
    readonly keepDuplicate = false,
  ) {
    super();
  }
}
