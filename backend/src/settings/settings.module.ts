import { Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccessModule } from '../access';
import { LIVE_SESSION_TIMEOUT, type LiveSessionTimeout } from '../auth';
import { AcquireLockHttpController } from './acquire-lock/acquire-lock.http.controller';
import { DeleteSnapshotHttpController } from './delete-snapshot/delete-snapshot.http.controller';
import { GetLockHandler } from './get-lock/get-lock.handler';
import { GetLockHttpController } from './get-lock/get-lock.http.controller';
import { GetPreviewHandler } from './get-preview/get-preview.handler';
import { GetPreviewHttpController } from './get-preview/get-preview.http.controller';
import { GetVersionHandler } from './get-version/get-version.handler';
import { GetVersionHttpController } from './get-version/get-version.http.controller';
import { GetSettingsHandler } from './get-settings/get-settings.handler';
import { GetSettingsHttpController } from './get-settings/get-settings.http.controller';
import { ListVersionsHandler } from './list-versions/list-versions.handler';
import { ListVersionsHttpController } from './list-versions/list-versions.http.controller';
import { PublishHttpController } from './publish/publish.http.controller';
import { PullLiveHttpController } from './pull-live/pull-live.http.controller';
import { ReleaseLockHttpController } from './release-lock/release-lock.http.controller';
import { RestoreSnapshotHttpController } from './restore-snapshot/restore-snapshot.http.controller';
import { SaveDraftHandler } from './save-draft/save-draft.handler';
import { SaveDraftHttpController } from './save-draft/save-draft.http.controller';
import { SaveSnapshotHttpController } from './save-snapshot/save-snapshot.http.controller';
import { CancelScheduleHttpController } from './cancel-schedule/cancel-schedule.http.controller';
import { ListSchedulesHttpController } from './list-schedules/list-schedules.http.controller';
import { ScheduledPublisher } from './run-scheduled-publishes/scheduled-publisher.reactor';
import { SchedulePublishHttpController } from './schedule-publish/schedule-publish.http.controller';
import { SettingsReadService } from './settings-read.service';
import { LockWatch } from './watch-lock/lock-watch';
import { WatchLockHttpController } from './watch-lock/watch-lock.http.controller';
import { SiteStream } from './site-stream';

/**
 * The site settings lifecycle (SPEC §3–§5, §7): the site aggregate's commands, the settings reads
 * and their endpoints. Global so that the session timeout (auth) and the public pages (site) can
 * read the live settings without importing this feature's internals.
 */
@Global()
@Module({
  imports: [CqrsModule, AccessModule],
  controllers: [
    GetSettingsHttpController,
    SaveDraftHttpController,
    GetPreviewHttpController,
    GetLockHttpController,
    AcquireLockHttpController,
    ReleaseLockHttpController,
    PullLiveHttpController,
    PublishHttpController,
    ListVersionsHttpController,
    GetVersionHttpController,
    SaveSnapshotHttpController,
    RestoreSnapshotHttpController,
    DeleteSnapshotHttpController,
    SchedulePublishHttpController,
    ListSchedulesHttpController,
    CancelScheduleHttpController,
    WatchLockHttpController,
  ],
  providers: [
    SettingsReadService,
    SiteStream,
    GetSettingsHandler,
    GetPreviewHandler,
    GetLockHandler,
    ListVersionsHandler,
    GetVersionHandler,
    SaveDraftHandler,
    ScheduledPublisher,
    LockWatch,
    {
      provide: LIVE_SESSION_TIMEOUT,
      inject: [SettingsReadService],
      useFactory: (reads: SettingsReadService): LiveSessionTimeout => async () => (await reads.getLive()).settings.session_timeout_minutes,
    },
  ],
  exports: [SettingsReadService, SiteStream, LIVE_SESSION_TIMEOUT],
})
export class SettingsModule {}
