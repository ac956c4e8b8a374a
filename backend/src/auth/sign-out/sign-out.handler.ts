import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AccessStream } from '../../access';
import { requestIssuer } from '../../platform/http/request-context';
import { destroySession } from '../sessions/session-data';

/** Records AdminSignedOut and deletes the session row, so the old cookie is worthless. */
@Injectable()
export class SignOutHandler {
  constructor(private readonly access: AccessStream) {}

  async execute(req: Request): Promise<void> {
    const email = req.session?.user?.email ?? null;
    await this.access.execute(requestIssuer(req, email), { type: 'RecordSignOut', data: { sessionEmail: email } });
    await destroySession(req);
  }
}
