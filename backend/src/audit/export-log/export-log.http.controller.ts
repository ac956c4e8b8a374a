import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ChainExportHeader } from '@punchline/projections';
import { MerkleFrontier, leafHashOfChainHash } from '../../platform/log-tree/merkle';
import type { Runtime } from '../../platform/runtime';
import { RUNTIME } from '../../platform/platform.module';
import { AuditorsMay } from '../../platform/http/public.decorator';

@ApiTags('audit')
// Auditors read the log too (DESIGN §15).
@AuditorsMay()
@Controller('api/admin/audit/export')
export class ExportLogHttpController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  /**
   * DESIGN §13: the whole event log as NDJSON, streamed (memory stays flat however long the log):
   * a header line, then one event a line with its prev_hash, hash and leaf_hash, then the
   * signed checkpoint of the exported tree. `npm run verify -- --file`
   * checks the file offline against the head hash an auditor wrote down.
   */
  @Get()
  @ApiOkResponse({ description: 'application/x-ndjson: {"format":"punchline-event-log",…} then one event a line' })
  async export(@Res() res: Response): Promise<void> {
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="punchline-event-log-${new Date().toISOString().slice(0, 10)}.ndjson"`);
    const header: ChainExportHeader = { format: 'punchline-event-log', version: 1, gapless: this.runtime.integrity.gaplessPositions };
    // Lines go out in chunks of about 64 KB (one write per line costs more than the hashing).
    let chunk = `${JSON.stringify(header)}\n`;
    // The tree over exactly the exported events, built as they go out: the last line is its signed
    // checkpoint, so the file proves itself against any checkpoint kept earlier (DESIGN §15).
    const tree = new MerkleFrontier();
    for await (const line of this.runtime.integrity.exportLines()) {
      if (res.destroyed) return;
      const leaf = leafHashOfChainHash(chainHashOfLine(line));
      tree.append(leaf);
      chunk += `${line.slice(0, -1)},"leaf_hash":"${leaf.toString('hex')}"}\n`;
      if (chunk.length < CHUNK_CHARS) continue;
      const flushed = res.write(chunk);
      chunk = '';
      // Backpressure: wait for the socket instead of buffering the log in memory.
      if (!flushed) await drainedOrClosed(res);
    }
    chunk += `${JSON.stringify({ checkpoint: this.runtime.logTree.sign(tree.size, tree.root()) })}\n`;
    res.end(chunk);
  }
}

/** An export line ends with its chain hash (chainExportLine's and the database's field order). */
function chainHashOfLine(line: string): string {
  const match = /"hash":"([0-9a-f]{64})"\}$/.exec(line);
  if (!match) throw new Error('an export line does not end with its hash');
  return match[1];
}

const CHUNK_CHARS = 64 * 1024;

/** Resolves on the next 'drain' or 'close', removing both listeners (a race of two once() calls leaks the loser). */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
