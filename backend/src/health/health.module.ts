import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { BackupModule } from '../backup';
import { MediaModule } from '../media';
import { HealthHttpController } from './health.http.controller';

@Module({ imports: [DiscoveryModule, MediaModule, BackupModule], controllers: [HealthHttpController] })
export class HealthModule {}
