import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';

/**
 * The one clock of the backend (DESIGN §12.3: the backend reads time, domain/ never does): commands
 * are decided at its `now`, lock expiry and CSV dates are judged by it. Tests move it by spying on
 * `now` (see the settings test kit's advanceClock).
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}

/** The one source of event ids, injectable like the clock so a test can make them predictable. */
@Injectable()
export class IdSource {
  next(): string {
    return randomUUID();
  }
}
