import { Injectable } from '@nestjs/common';

/**
 * The time contact commands are decided at and the CSV export is dated by (DESIGN §12.3: the
 * backend reads the clock, domain/ never does). One injectable so tests can move time.
 */
@Injectable()
export class ContactClock {
  now(): Date {
    return new Date();
  }
}
