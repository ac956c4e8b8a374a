import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { validateContactMessage } from '@punchline/domain';
import type { Request, Response } from 'express';
import { Public } from '../../platform/http/public.decorator';
import { isAnsweredCondition } from '../../platform/http/domain-error.filter';
import { requestIssuer } from '../../platform/http/request-context';
import { SubmitContactMessageHandler } from './submit-contact-message.handler';

/** The honeypot field of the public form: people never see it, so a value means a bot filled the form. */
export const HONEYPOT_FIELD = 'website';

/** A form posted without JavaScript (urlencoded) gets a redirect back to the contact page instead of JSON. */
export function isFormPost(req: Request): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

export function formOutcomeLocation(ok: boolean): string {
  return ok ? '/contact?sent=1#contact-form' : '/contact?failed=1#contact-form';
}

@ApiTags('contact')
@Controller('api/contact')
export class SubmitContactMessageHttpController {
  private readonly logger = new Logger('contact');

  constructor(private readonly submitMessage: SubmitContactMessageHandler) {}

  /**
   * SPEC §7: {name, from, message}; only the ok status is read. 400 with a message for invalid
   * input, 429 past the per-client limit. A filled honeypot is answered like a success and stores nothing.
   * The body stays `unknown`, not a DTO: its rules are the domain's `validateContactMessage`, which the
   * public form runs too, and a form posted without JavaScript is answered with a redirect, not a 400.
   */
  @Public()
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: { type: 'object', required: ['name', 'from', 'message'], properties: { name: { type: 'string' }, from: { type: 'string' }, message: { type: 'string' } } } })
  @ApiOkResponse({ description: '{ok: true}' })
  async submit(@Req() req: Request, @Res() res: Response, @Body() body: unknown): Promise<void> {
    const form = isFormPost(req);
    const trap = body && typeof body === 'object' ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
    if (typeof trap === 'string' && trap.trim() !== '') {
      if (form) res.redirect(303, formOutcomeLocation(true));
      else res.status(200).json({ ok: true });
      return;
    }
    const checked = validateContactMessage(body);
    if (!checked.ok) {
      if (form) res.redirect(303, formOutcomeLocation(false));
      else res.status(400).json({ error: checked.message, ...(checked.field ? { field: checked.field } : {}) });
      return;
    }
    try {
      await this.submitMessage.execute(checked.value, requestIssuer(req, null).correlationId);
    } catch (error) {
      // A visitor without JavaScript would otherwise land on a JSON error page (the database away,
      // a full disk): the form's own failure text tells them it was not sent. Bugs still go to the filter.
      if (!form || !isAnsweredCondition(error)) throw error;
      this.logger.warn(`contact form post not stored: ${error instanceof Error ? error.message : String(error)}`);
      res.redirect(303, formOutcomeLocation(false));
      return;
    }
    if (form) res.redirect(303, formOutcomeLocation(true));
    else res.status(200).json({ ok: true });
  }
}
