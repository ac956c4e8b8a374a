import { Module } from '@nestjs/common';
import { LogHttpController } from './log.http.controller';

/** DESIGN §15: checkpoints, the verifier key, proofs and the check of an earlier checkpoint. */
@Module({ controllers: [LogHttpController] })
export class LogModule {}
