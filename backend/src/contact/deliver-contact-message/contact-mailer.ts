import { Inject, Injectable } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type { AppConfig } from '../../platform/config/config';
import { CONFIG } from '../../platform/platform.module';

export interface OutgoingContactEmail {
  /** Message-ID, fixed per contact message: a resend after a crash is the same email to mail software. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
}

/** Why a send failed: the text for the inbox, and the SMTP reply code when the server gave one. */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly responseCode: number | undefined,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/** Limits on a hung server, so one delivery cannot hold the deliverer for minutes (nodemailer defaults are 2 min to 10 min). */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 } as const;

/**
 * SMTP through nodemailer, configured by SMTP_URL (smtp:// or smtps://, credentials and options
 * such as ?requireTLS=true in the URL). One pooled-less transport, created on first use.
 */
@Injectable()
export class ContactMailer {
  private transport: Transporter | null = null;

  constructor(@Inject(CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.smtpUrl !== undefined;
  }

  /**
   * The From address: the SMTP account when it is an address (relays refuse other senders),
   * else the recipient's own mailbox, which its domain's relay accepts as a sender.
   */
  senderAddress(recipient: string): string {
    if (!this.config.smtpUrl) return recipient;
    const user = decodeURIComponent(new URL(this.config.smtpUrl).username);
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user) ? user : recipient;
  }

  async send(email: OutgoingContactEmail): Promise<void> {
    if (!this.config.smtpUrl) throw new Error('SMTP_URL is not set');
    this.transport ??= createTransport({ url: this.config.smtpUrl, ...TIMEOUTS });
    try {
      await this.transport.sendMail({
        messageId: email.messageId,
        from: email.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
      });
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      throw new SendFailure(error instanceof Error ? error.message : String(error), typeof code === 'number' ? code : undefined);
    }
  }

  /** Called by the deliverer once it has stopped, so no send is cut off halfway. */
  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
