import { Global, Module } from '@nestjs/common';
import type { Database } from '@punchline/projections';
import { AccessModule } from '../access';
import { DATABASE } from '../platform/platform.module';
import { ErasePersonHttpController } from './erase-person/erase-person.http.controller';
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
  providers: [{ provide: PrivacyStore, useFactory: (db: Database) => new PrivacyStore(db), inject: [DATABASE] }, PrivacyService, ContactRetentionReactor],
  exports: [PrivacyStore, PrivacyService, ContactRetentionReactor],
})
export class PrivacyModule {}
