import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { decideSignOut } from '@punchline/domain';
import { AccessStream } from '../../access/access-stream';
import { commandMeta } from '../../access/request-metadata';
import { destroySession } from '../sessions/session-data';

/** Records AdminSignedOut and deletes the session row, so the old cookie is worthless. */
@Injectable()
export class SignOutHandler {
  constructor(private readonly access: AccessStream) {}

  async execute(req: Request): Promise<void> {
    const email = req.session?.user?.email ?? null;
    const meta = commandMeta(req, email);
    await this.access.execute(() => ({ events: decideSignOut(email, meta), result: null }));
    await destroySession(req);
  }
}
