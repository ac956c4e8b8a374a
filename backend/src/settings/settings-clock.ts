import { Injectable } from '@nestjs/common';

/**
 * The time site commands are decided at and lock expiry is judged against (DESIGN §12.3: the
 * backend reads the clock, domain/ never does). One injectable so tests can move time.
 */
@Injectable()
export class SettingsClock {
  now(): Date {
    return new Date();
  }
}
