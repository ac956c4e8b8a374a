import { assertNever } from '../errors/domain-error';
import type { Decider } from '../events/decider';
import { type AccessEvent, isAccessEventType } from './access-events';
import { type AllowlistState, type ChangeAllowlist, decideChangeAllowlist, evolveAllowlist, initialAllowlist } from './allowlist';
import { type ChangeAuditors, decideChangeAuditors } from './auditors';
import { type SignInAttempt, decideSignIn, decideSignOut } from './sign-in';

export type AccessCommand =
  | { type: 'ChangeAllowlist'; data: ChangeAllowlist }
  | { type: 'ChangeAuditors'; data: ChangeAuditors }
  | { type: 'RecordSignIn'; data: SignInAttempt }
  | { type: 'RecordSignOut'; data: { sessionEmail: string | null } };

function decideAccess(state: AllowlistState, command: AccessCommand): AccessEvent[] {
  switch (command.type) {
    case 'ChangeAllowlist':
      return decideChangeAllowlist(state, command.data);
    case 'ChangeAuditors':
      return decideChangeAuditors(state, command.data);
    case 'RecordSignIn':
      return decideSignIn(state, command.data);
    case 'RecordSignOut':
      return decideSignOut(command.data.sessionEmail);
    default:
      return assertNever(command, 'access command');
  }
}

/** The access aggregate (allowlist and sign-in traffic) on the one access stream. */
export const accessDecider: Decider<AllowlistState, AccessCommand, AccessEvent> = {
  initialState: initialAllowlist,
  decide: decideAccess,
  evolve: evolveAllowlist,
  isEventType: isAccessEventType,
};
