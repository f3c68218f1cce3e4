import type { ReactNode } from 'react';
import { AdminOnly } from '../permissions/AdminOnly';
import { Permission } from '../permissions/Permission';

/**
 * Who may use a list's write buttons: the holders of `<menu>/<button>` (spec §6), or administrators only
 * for settings every user tree shares (menus, login pages).
 */
export type ButtonGate = { menu: string } | 'admin';

/** Its children only for those the gate lets through. */
export function Gate({ gate, button, children }: { gate: ButtonGate; button: string; children: ReactNode }) {
  return gate === 'admin' ? (
    <AdminOnly>{children}</AdminOnly>
  ) : (
    <Permission menu={gate.menu} button={button}>
      {children}
    </Permission>
  );
}
