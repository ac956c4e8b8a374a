import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { Actor, type AdminIssuer } from '../platform/http/request-context';
import { BACKUP_NAME } from './backup-targets';
import { BackupService, type BackupStatus } from './backup.service';

/** The admin's Backups panel (issue 29): admins only (route-access.table.ts), never the read-only auditor. */
@ApiTags('backups')
@Controller('api/admin/backups')
export class BackupsHttpController {
  constructor(@Inject(BackupService) private readonly backups: BackupService) {}

  @Get()
  @ApiOkResponse({ description: '{backups: [{name, size, created_at}], status}' })
  async list(): Promise<{ backups: { name: string; size: number; created_at: string }[]; status: BackupStatus }> {
    const [backups, status] = await Promise.all([this.backups.list(), this.backups.status()]);
    return { backups: backups.map((b) => ({ name: b.name, size: b.size, created_at: b.createdAt })), status };
  }

  /** 'Back up now': takes one at once (recorded in the log as BackupTaken by this admin). */
  @Post()
  @HttpCode(201)
  async take(@Actor() actor: AdminIssuer): Promise<{ backup: { name: string; size: number; created_at: string } }> {
    const taken = await this.backups.take(actor);
    return { backup: { name: taken.name, size: taken.size, created_at: taken.createdAt } };
  }

  @Get(':name/download')
  async download(@Param('name') name: string, @Res() res: Response): Promise<void> {
    const found = BACKUP_NAME.test(name) ? await this.backups.open(name) : null;
    if (!found) throw new DomainError('NOT_FOUND', 'No such backup.');
    res.status(200);
    res.setHeader('Content-Type', name.endsWith('.enc') ? 'application/octet-stream' : 'application/x-tar');
    res.setHeader('Content-Length', String(found.size));
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    await pipeline(found.body, res).catch(() => undefined);
  }
}
