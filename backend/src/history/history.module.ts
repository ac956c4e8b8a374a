import { Module } from '@nestjs/common';
import { HistoryDiffHttpController } from './history-diff/history-diff.http.controller';
import { HistoryFieldsHttpController } from './history-fields/history-fields.http.controller';
import { HistoryStateHttpController } from './history-state/history-state.http.controller';
import { ListHistoryHttpController } from './list-history/list-history.http.controller';
import { RestoreFromHistoryHttpController } from './restore-from-history/restore-from-history.http.controller';
import { RollbackLiveHttpController } from './rollback-live/rollback-live.http.controller';
import { SiteHistory } from './site-history';

/**
 * History (DESIGN §13): the site as it was at any point, computed from the site stream; rollback
 * and restore go through the site aggregate like every other command (SettingsModule is global).
 */
@Module({
  controllers: [
    ListHistoryHttpController,
    HistoryStateHttpController,
    HistoryDiffHttpController,
    HistoryFieldsHttpController,
    RollbackLiveHttpController,
    RestoreFromHistoryHttpController,
  ],
  providers: [SiteHistory],
  exports: [SiteHistory],
})
export class HistoryModule {}
