import { IsArray, IsString } from 'class-validator';

const SEND_THE_LIST = 'Send {"emails": [...]} with the whole editable allowlist.';

/** PUT /api/admin/allowlist: the whole editable list; addresses are judged by the domain (SPEC §5 texts). */
export class ChangeAllowlistRequestDto {
  @IsArray({ message: SEND_THE_LIST })
  @IsString({ each: true, message: SEND_THE_LIST })
  emails!: string[];
}
