import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { DomainError } from '@punchline/domain';
import { ErrorBodyFilter } from '../platform/http/domain-error.filter';
import { SETTINGS_TEXTS } from './settings-texts';

/**
 * SPEC §6: on lock calls a 403 reads 'Admin access required to edit draft.'. The deny-by-default
 * guard stays in charge; this filter, bound to those controllers, only rewords its 403.
 */
@Catch()
export class DraftEditAccessFilter implements ExceptionFilter {
  private readonly body = new ErrorBodyFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const reworded =
      exception instanceof DomainError && exception.code === 'FORBIDDEN' ? new DomainError('FORBIDDEN', SETTINGS_TEXTS.adminRequiredToEditDraft) : exception;
    this.body.catch(reworded, host);
  }
}
