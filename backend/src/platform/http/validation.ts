import { ValidationPipe } from '@nestjs/common';

/**
 * Query strings of list routes (audit log, contact inbox): numbers arrive as text and are converted;
 * unknown keys (cache busters) are dropped, not refused; one message per bad parameter ('limit=ten'
 * fails three rules that all say the same).
 */
export const queryValidation = new ValidationPipe({
  transform: true,
  whitelist: true,
  stopAtFirstError: true,
  transformOptions: { enableImplicitConversion: true },
});

/** JSON bodies: types as sent (no conversion), so {responded: "true"} is refused; unknown keys dropped. */
export const bodyValidation = new ValidationPipe({ transform: true, whitelist: true, stopAtFirstError: true });
