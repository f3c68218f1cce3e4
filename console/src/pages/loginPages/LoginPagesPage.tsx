/** Issue 7 screen (being built). */
export function LoginPagesPage() {
  return null;
}
