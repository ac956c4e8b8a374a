import { Module } from '@nestjs/common';
import { HealthHttpController } from './health.http.controller';

@Module({ controllers: [HealthHttpController] })
export class HealthModule {}
