import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'punchline:isPublic';

/** Marks a route as open to visitors. Everything else needs an admin (deny by default, DESIGN §8). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const AUDITORS_MAY = 'punchline:auditorsMay';

/** Marks a read of the log (DESIGN §13, §15) that read-only auditors may call as well as admins. */
export const AuditorsMay = (): MethodDecorator & ClassDecorator => SetMetadata(AUDITORS_MAY, true);
