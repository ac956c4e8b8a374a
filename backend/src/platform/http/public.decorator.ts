import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'punchline:isPublic';

/** Marks a route as open to visitors. Everything else needs an admin (deny by default, DESIGN §8). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
