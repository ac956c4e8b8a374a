/** The 'Admin Mode' badge and avatar of a signed-in admin (SPEC §2); visitors get nothing. */
export function AdminIndicator() {
  return null;
}
