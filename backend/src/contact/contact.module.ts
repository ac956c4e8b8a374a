import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ContactResponsesReadService } from './contact-responses.read';
import { ContactStreams } from './contact-streams';
import { ContactDeliveryReactor } from './deliver-contact-message/contact-delivery.reactor';
import { ContactMailer } from './deliver-contact-message/contact-mailer';
import { ListContactResponsesHandler } from './list-contact-responses/list-contact-responses.handler';
import { ListContactResponsesHttpController } from './list-contact-responses/list-contact-responses.http.controller';
import { ContactRateLimitMiddleware } from './submit-contact-message/contact-rate-limit.middleware';
import { SubmitContactMessageHandler } from './submit-contact-message/submit-contact-message.handler';
import { SubmitContactMessageHttpController } from './submit-contact-message/submit-contact-message.http.controller';
import { UpdateContactResponseHandler } from './update-contact-response/update-contact-response.handler';
import { UpdateContactResponseHttpController } from './update-contact-response/update-contact-response.http.controller';

/**
 * Contact messages (SPEC §2–§8): the public form, their delivery by email (a reactor behind the
 * projector), and the admins' inbox with its responded flag, notes and CSV export.
 */
@Module({
  imports: [CqrsModule],
  controllers: [SubmitContactMessageHttpController, ListContactResponsesHttpController, UpdateContactResponseHttpController],
  providers: [
    ContactStreams,
    ContactResponsesReadService,
    ContactMailer,
    ContactDeliveryReactor,
    SubmitContactMessageHandler,
    ListContactResponsesHandler,
    UpdateContactResponseHandler,
  ],
})
export class ContactModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ContactRateLimitMiddleware).forRoutes({ path: 'api/contact', method: RequestMethod.POST });
  }
}
