import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { SubjectAccessAnswer } from '@punchline/domain';
import { PrivacyService } from '../privacy.service';
import { SubjectAccessRequestDto } from './subject-access.request.dto';

@ApiTags('privacy')
@Controller('api/admin/privacy')
export class SubjectAccessHttpController {
  constructor(private readonly privacy: PrivacyService) {}

  /** DESIGN §16: everything kept about an address as one JSON document; an unknown address answers empty lists, a malformed one 400. */
  @Get()
  @ApiQuery({ name: 'email', required: true, type: String })
  @ApiOkResponse({ description: '{email, generated_at, subject_id, messages, erasures, access, audit}' })
  find(@Query() { email }: SubjectAccessRequestDto): Promise<SubjectAccessAnswer> {
    return this.privacy.subjectAccess(email);
  }
}
