import { applyDecorators } from '@nestjs/common';
import { FromDigits } from '../platform/http/validation';
import { IsIn, ValidateBy } from 'class-validator';
import { HISTORY_TEXTS } from './site-history';

const isPosition = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && /^\d{1,15}$/.test(String(value));

/**
 * The history routes' DTO rules (DESIGN §13), shared by their request DTOs so every route words a bad
 * point the same way: a whole number, or its digits in a query string ("12", not "1e1" or "").
 */
export function IsLogPosition(name = 'position'): PropertyDecorator {
  return applyDecorators(
    FromDigits(),
    ValidateBy({ name: 'isLogPosition', validator: { validate: isPosition, defaultMessage: () => HISTORY_TEXTS.badPosition.replace('position', name) } }),
  );
}

export function IsHistoryStage(): PropertyDecorator {
  return IsIn(['live', 'draft'], { message: HISTORY_TEXTS.badStage });
}

/** An instant Date.parse reads (ISO-8601 in practice), at most 64 characters. */
export function IsHistoryTime(): PropertyDecorator {
  const isTime = (value: unknown): boolean => typeof value === 'string' && value.length <= 64 && Number.isFinite(Date.parse(value));
  return ValidateBy({ name: 'isHistoryTime', validator: { validate: isTime, defaultMessage: () => HISTORY_TEXTS.badTime } });
}
