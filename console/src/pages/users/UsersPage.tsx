/** Issue 7 screen (being built). */
export function UsersPage() {
  return null;
}
