import { type ArgumentMetadata, Injectable, type PipeTransform, ValidationPipe } from '@nestjs/common';

/**
 * The one input mechanism (issue 26): a class-validator DTO per route, checked by this pipe, which
 * `createApp` installs globally, so a controller names its DTO and nothing else. Unknown keys (cache
 * busters) are dropped, not refused; one message per bad property ('limit=ten' fails three rules
 * that all say the same). A refusal is a 400 with the messages, mapped by `ErrorBodyFilter`.
 * Parameters typed `unknown` or as a primitive are left to their route: the settings record, whose
 * authority is the domain's validator (DESIGN §6), and path ids.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  /** Query strings arrive as text: numbers and booleans are converted to the DTO's types. */
  private readonly query = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true, transformOptions: { enableImplicitConversion: true } });
  /** JSON bodies keep the types as sent, so {responded: "true"} is refused. */
  private readonly body = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true });

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    return (metadata.type === 'query' ? this.query : this.body).transform(value, metadata);
  }
}
