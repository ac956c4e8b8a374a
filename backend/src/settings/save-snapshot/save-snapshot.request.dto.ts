import { Equals, IsOptional, IsString, MaxLength } from 'class-validator';
import { SNAPSHOT_LABEL_MAX_LENGTH } from '@punchline/domain';
import { SETTINGS_TEXTS } from '../settings-texts';

/** SPEC §7: {label or null, stage: 'draft'}. */
export class SaveSnapshotRequestDto {
  @IsOptional()
  @IsString({ message: 'label must be a string or null.' })
  @MaxLength(SNAPSHOT_LABEL_MAX_LENGTH, { message: `Snapshot labels are at most ${SNAPSHOT_LABEL_MAX_LENGTH} characters.` })
  label?: string | null;

  @IsOptional()
  @Equals('draft', { message: SETTINGS_TEXTS.snapshotStageDraft })
  stage?: 'draft';
}
