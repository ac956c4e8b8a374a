import { Readable } from 'node:stream';
import { Controller, Get, Query, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CONTACT_LIST_DEFAULT_LIMIT, CONTACT_SORTS } from '@punchline/domain';
import type { Response } from 'express';
import { Clock } from '../../platform/event-sourcing/clock';
import { ContactResponsesReadService } from '../contact-responses.read';
import { contactCsvChunks, contactCsvFileName } from './contact-responses.csv';
import { ListContactResponsesQuery, type ContactResponsesAnswer } from './list-contact-responses.query';
import { ListContactResponsesRequestDto } from './list-contact-responses.request.dto';

@ApiTags('contact responses')
@Controller('api/admin/contact-responses')
export class ListContactResponsesHttpController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clock: Clock,
    private readonly reads: ContactResponsesReadService,
  ) {}

  /**
   * SPEC §7: {items, total}, newest first by default, 50 rows. format=csv downloads the same
   * selection as a file; without a limit the export holds every matching message, not a page.
   */
  @Get()
  @ApiQuery({ name: 'limit', required: false, type: Number })
  @ApiQuery({ name: 'sort', required: false, enum: CONTACT_SORTS })
  @ApiQuery({ name: 'q', required: false, type: String })
  @ApiQuery({ name: 'responded', required: false, enum: ['true', 'false'] })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ description: '{items: [{id, name, email, message, created_at, responded, responded_at, responded_by, notes, delivery_status, delivery_error}], total}' })
  async list(@Query() query: ListContactResponsesRequestDto, @Res({ passthrough: true }) res: Response): Promise<ContactResponsesAnswer | StreamableFile> {
    const filter = {
      sort: query.sort ?? 'newest',
      q: query.q?.trim() ?? '',
      responded: query.responded === undefined ? null : query.responded === 'true',
    } as const;
    if (query.format !== 'csv') return this.queries.execute(new ListContactResponsesQuery({ ...filter, limit: query.limit ?? CONTACT_LIST_DEFAULT_LIMIT }));
    // Streamed a page of rows at a time: memory stays flat however large the inbox grows.
    const chunks = contactCsvChunks(this.reads.pages({ ...filter, limit: query.limit ?? null }));
    res.setHeader('Content-Disposition', `attachment; filename="${contactCsvFileName(this.clock.now())}"`);
    return new StreamableFile(Readable.from(chunks), { type: 'text/csv; charset=utf-8' });
  }
}
