import { ArgumentsHost, Catch, Controller, ExceptionFilter, HttpCode, PayloadTooLargeException, Post, Query, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConflictResponse, ApiConsumes, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { DomainError, MEDIA_TYPE_TEXTS, MEDIA_UPLOAD_MAX_BYTES } from '@punchline/domain';
import { ErrorBodyFilter } from '../../platform/http/domain-error.filter';
import { UploadMediaHandler, type UploadMediaAnswer } from './upload-media.handler';
import { hashingMemoryStorage, type HashedFile } from './hashing-memory-storage';
import { UploadMediaRequestDto } from './upload-media.request.dto';
import { Actor, type AdminIssuer } from '../../platform/http/request-context';
import { AdminWriteFirst } from '../serve-media/media-read-turns';

/** Multer stops reading at the size limit; its 413 gets the library's own wording. */
@Catch()
export class UploadErrorFilter implements ExceptionFilter {
  private readonly body = new ErrorBodyFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    this.body.catch(exception instanceof PayloadTooLargeException ? new DomainError('TOO_LARGE', MEDIA_TYPE_TEXTS.tooLarge) : exception, host);
  }
}

@ApiTags('media')
@Controller('api/storage/upload')
@UseFilters(UploadErrorFilter)
export class UploadMediaHttpController {
  constructor(private readonly uploadMedia: UploadMediaHandler) {}

  /** SPEC §7: multipart field `file` → {url} (the proxy URL) or {error}; 400 wrong type, 413 too large. */
  @Post()
  @HttpCode(201)
  @UseInterceptors(
    AdminWriteFirst,
    FileInterceptor('file', {
      storage: hashingMemoryStorage(),
      // The file is checked in memory (type by its bytes) before it is stored; 25 MB bounds that.
      limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    }),
  )
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } })
  @ApiCreatedResponse({ description: '{url, item}: the proxy URL of the stored file and its library entry' })
  @ApiConflictResponse({ description: '{error, existing: {url, item}}: the same bytes are already in the library (send ?duplicate=keep to upload a copy)' })
  async upload(@Actor() actor: AdminIssuer, @UploadedFile() file: HashedFile | undefined, @Query() { duplicate }: UploadMediaRequestDto): Promise<UploadMediaAnswer> {
    const incoming = file?.chunks ? { originalName: Buffer.from(file.originalname, 'latin1').toString('utf8'), chunks: file.chunks, sha256: file.sha256 } : null;
    // Issue 12 point 6: identical bytes answer 409 with the existing file unless ?duplicate=keep.
    return this.uploadMedia.execute(actor, incoming, duplicate === 'keep');
  }
}
