import { Transform } from 'class-transformer';
import { IsString, Matches, ValidateBy } from 'class-validator';

/**
 * A query number of the proofs: a positive safe integer written as digits, else a 400 naming the
 * parameter. Read from the raw text (`obj[key]`), not the query pipe's implicit number ("" is not 0).
 */
function IsTreeIndex(name: string): PropertyDecorator {
  return (target, key) => {
    Transform(({ obj }: { obj: Record<string, unknown> }) => {
      const text = obj[name];
      return typeof text === 'string' && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : text;
    })(target, key);
    ValidateBy({
      name: 'isTreeIndex',
      validator: { validate: (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value), defaultMessage: () => `${name} must be a whole number from 1` },
    })(target, key);
  };
}

/** ?from=M&to=N (DESIGN §15). */
export class ConsistencyProofRequestDto {
  @IsTreeIndex('from')
  from!: number;

  @IsTreeIndex('to')
  to!: number;
}

/** ?position=P&size=N (DESIGN §15). */
export class InclusionProofRequestDto {
  @IsTreeIndex('position')
  position!: number;

  @IsTreeIndex('size')
  size!: number;
}

const CHECKPOINT_TEXT = 'checkpoint must be the text of a checkpoint or of an export';

/** {checkpoint}: the text of a signed checkpoint, or of an audit export (its last line carries one). */
export class CheckCheckpointRequestDto {
  @IsString({ message: CHECKPOINT_TEXT })
  @Matches(/\S/, { message: CHECKPOINT_TEXT })
  checkpoint!: string;
}
