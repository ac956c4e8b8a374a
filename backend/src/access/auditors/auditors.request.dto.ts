import { IsArray, IsString } from 'class-validator';

const SEND_THE_LIST = 'Send {"emails": [...]} with the whole editable auditor list.';

/** PUT /api/admin/auditors: the whole editable list; addresses are judged by the domain. */
export class ChangeAuditorsRequestDto {
  @IsArray({ message: SEND_THE_LIST })
  @IsString({ each: true, message: SEND_THE_LIST })
  emails!: string[];
}
