import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ContactRateLimitMiddleware } from './submit-contact-message/contact-rate-limit.middleware';
import { SubmitContactMessageHandler } from './submit-contact-message/submit-contact-message.handler';
import { SubmitContactMessageHttpController } from './submit-contact-message/submit-contact-message.http.controller';

/** Messages from the public contact form (SPEC §2, §5, §8). The inbox and delivery arrive with their own issue. */
@Module({
  imports: [CqrsModule],
  controllers: [SubmitContactMessageHttpController],
  providers: [SubmitContactMessageHandler],
})
export class ContactModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ContactRateLimitMiddleware).forRoutes({ path: 'api/contact', method: RequestMethod.POST });
  }
}
