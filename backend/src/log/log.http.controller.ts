import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '@punchline/domain';
import { CheckpointFormatError, describeComparison, type CheckpointComparison } from '../platform/log-tree/checkpoint-check';
import type { LogPublicKey } from '../platform/log-tree/log-tree';
import { AuditorsMay, Public } from '../platform/http/public.decorator';
import { RUNTIME } from '../platform/platform.module';
import type { Runtime } from '../platform/runtime';
import { CheckCheckpointRequestDto, ConsistencyProofRequestDto, InclusionProofRequestDto } from './log.request.dto';

/**
 * The log outsiders can check (DESIGN §15): the signed checkpoint and its key for anyone; proofs
 * over the tree, and the check of an earlier checkpoint, for admins and auditors.
 */
@ApiTags('log')
@Controller('api/log')
export class LogHttpController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Public()
  @Get('checkpoint')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'text/plain: the C2SP signed checkpoint (origin, tree size, base64 root hash, signature)' })
  async checkpoint(): Promise<string> {
    return (await this.runtime.logTree.checkpoint()).note;
  }

  @Public()
  @Get('public-key')
  @ApiOkResponse({ description: '{key_name, algorithm: "ed25519", public_key, verifier_key}' })
  publicKey(): LogPublicKey {
    return this.runtime.logTree.publicKey();
  }

  @AuditorsMay()
  @Get('proof/consistency')
  @ApiOkResponse({ description: '{from, to, hashes}: RFC 9162 §2.1.4 consistency proof, hex' })
  async consistency(@Query() { from, to }: ConsistencyProofRequestDto): Promise<{ from: number; to: number; hashes: string[] }> {
    const size = await this.runtime.logTree.size();
    if (from > to) throw new DomainError('INVALID_INPUT', `from (${from}) must not be after to (${to})`);
    if (to > size) throw new DomainError('INVALID_INPUT', `to (${to}) is beyond the log tree's size (${size})`);
    const hashes = await this.runtime.logTree.consistencyProof(from, to);
    return { from, to, hashes: hashes.map((h) => h.toString('hex')) };
  }

  @AuditorsMay()
  @Get('proof/inclusion')
  @ApiOkResponse({ description: '{position, size, leaf_hash, hashes}: RFC 9162 §2.1.3 inclusion proof, hex' })
  async inclusion(@Query() { position, size }: InclusionProofRequestDto): Promise<{ position: number; size: number; leaf_hash: string; hashes: string[] }> {
    const current = await this.runtime.logTree.size();
    if (size > current) throw new DomainError('INVALID_INPUT', `size (${size}) is beyond the log tree's size (${current})`);
    const index = await this.runtime.logTree.source.leafOfPosition(this.runtime.db, position);
    if (index === null || index >= size) throw new DomainError('INVALID_INPUT', `position ${position} is not an event within the first ${size} of the log`);
    const [leaf, hashes] = await Promise.all([this.runtime.logTree.leafHash(index), this.runtime.logTree.inclusionProof(index, size)]);
    return { position, size, leaf_hash: leaf!.toString('hex'), hashes: hashes.map((h) => h.toString('hex')) };
  }

  /**
   * Site history's 'Check against a checkpoint…': does the log as stored now extend a checkpoint (or
   * an export's checkpoint) kept earlier? A read, though a POST: the checkpoint travels in the body.
   */
  @AuditorsMay()
  @Post('check')
  @HttpCode(200)
  @ApiOkResponse({ description: '{verdict: extends|truncated|rewritten, size, current_size, first_difference?, checkpoint_date?, message}' })
  async check(@Body() { checkpoint }: CheckCheckpointRequestDto): Promise<CheckpointComparison & { message: string }> {
    try {
      const result = await this.runtime.logTree.check(checkpoint);
      return { ...result, message: describeComparison(result) };
    } catch (error) {
      if (error instanceof CheckpointFormatError) throw new DomainError('INVALID_INPUT', error.message);
      throw error;
    }
  }
}
