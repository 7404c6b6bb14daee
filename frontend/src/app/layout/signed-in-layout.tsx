import type { ReactNode } from 'react';
import { BottomNav } from './bottom-nav';

export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <div className="signed-in-layout">
      <main className="signed-in-layout__main">{children}</main>
      <BottomNav />
    </div>
  );
}
