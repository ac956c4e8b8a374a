import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AccessStream } from '../access-stream';

export interface AllowlistResponse {
  editable: string[];
  env: string[];
}

@ApiTags('admin access')
@Controller('api/admin/allowlist')
export class GetAllowlistHttpController {
  constructor(private readonly access: AccessStream) {}

  /** SPEC §7: the editable allowlist and the read-only ADMIN_EMAILS. */
  @Get()
  @ApiOkResponse({ description: '{editable, env}' })
  async get(): Promise<AllowlistResponse> {
    const state = await this.access.current();
    return { editable: [...state.editable], env: [...this.access.envEmails] };
  }
}
