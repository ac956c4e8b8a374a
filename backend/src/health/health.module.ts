import { Module } from '@nestjs/common';
import { BackupModule } from '../backup';
import { HealthHttpController } from './health.http.controller';

@Module({ imports: [BackupModule], controllers: [HealthHttpController] })
export class HealthModule {}
