import { once } from 'node:events';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { chainExportLine, type ChainExportHeader } from '../../platform/event-store/hash-chain';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/platform.module';

@ApiTags('audit')
@Controller('api/admin/audit/export')
export class ExportLogHttpController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * DESIGN §13: the whole event log as NDJSON, streamed (memory stays flat however long the log):
   * a header line, then one event a line with its prev_hash and hash. `npm run verify -- --file`
   * checks the file offline against the head hash an auditor wrote down.
   */
  @Get()
  @ApiOkResponse({ description: 'application/x-ndjson: {"format":"punchline-event-log",…} then one event a line' })
  async export(@Res() res: Response): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Disposition', `attachment; filename="punchline-event-log-${new Date().toISOString().slice(0, 10)}.ndjson"`);
    const header: ChainExportHeader = { format: 'punchline-event-log', version: 1, gapless: this.runtime.integrity.gaplessPositions };
    res.write(`${JSON.stringify(header)}\n`);
    for await (const record of this.runtime.integrity.exportChain()) {
      if (res.destroyed) return;
      // Backpressure: wait for the socket instead of buffering the log in memory.
      if (!res.write(`${chainExportLine(record)}\n`)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    }
    res.end();
  }
}
