import { type ArgumentMetadata, Injectable, type PipeTransform, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';

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

const DIGITS = /^\d{1,15}$/;

/**
 * A whole number in a query string, read from its raw text: only digits ("12"). The pipe's implicit
 * conversion is Number(), which reads "0x10", "1e2", "+5" and "5 " as numbers and "" as 0; the
 * value stays text then, and the DTO's IsInt refuses it in its own words.
 */
export function FromDigits(): PropertyDecorator {
  return Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    return typeof raw === 'string' && DIGITS.test(raw) ? Number(raw) : raw;
  });
}
