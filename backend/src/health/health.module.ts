import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MediaModule } from '../media';
import { HealthHttpController } from './health.http.controller';

@Module({ imports: [DiscoveryModule, MediaModule], controllers: [HealthHttpController] })
export class HealthModule {}
