import { ValidationPipe } from '@nestjs/common';

/** Query strings: numbers arrive as text; unknown keys (cache busters) are dropped, not refused. */
export const contactQueryValidation = new ValidationPipe({
  transform: true,
  whitelist: true,
  // One message per bad parameter ('limit=ten' fails three rules that all say the same).
  stopAtFirstError: true,
  transformOptions: { enableImplicitConversion: true },
});

/** JSON bodies: types as sent (no conversion), so {responded: "true"} is refused; unknown keys dropped. */
export const contactBodyValidation = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true });
