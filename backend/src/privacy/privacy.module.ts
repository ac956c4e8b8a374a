import { Global, Module } from '@nestjs/common';
import type { Database } from '@punchline/projections';
import { AccessModule } from '../access';
import { DATABASE } from '../platform/platform.module';
import { ErasePersonHttpController } from './erase-person/erase-person.http.controller';
import { OpenedRecordsCache } from './opened-records-cache';
import { PrivacyStore } from './privacy-store';
import { PrivacyService } from './privacy.service';
import { ContactRetentionReactor } from './retention/contact-retention.reactor';
import { SubjectAccessHttpController } from './subject-access/subject-access.http.controller';

/**
 * Forgetting a person (DESIGN §16): the privacy store (global: the contact feature seals into it),
 * subject access, erasure and retention.
 */
@Global()
@Module({
  imports: [AccessModule],
  controllers: [SubjectAccessHttpController, ErasePersonHttpController],
  providers: [
    { provide: PrivacyStore, useFactory: (db: Database) => new PrivacyStore(db), inject: [DATABASE] },
    { provide: OpenedRecordsCache, useFactory: () => new OpenedRecordsCache() },
    PrivacyService,
    ContactRetentionReactor,
  ],
  exports: [PrivacyStore, OpenedRecordsCache, PrivacyService, ContactRetentionReactor],
})
export class PrivacyModule {}
