/** Who is editing: the signed-in admin's email, to tell "held by me" from "locked by another" (SPEC §4). */
import { useSession } from '../../shared/session';

export function useEditorIdentity(): string | null {
  return useSession().user?.email ?? null;
}
