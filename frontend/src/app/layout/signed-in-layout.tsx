import type { ReactNode } from 'react';
import { QuickAddProvider } from '../quick-add/quick-add-context';
import { BottomNav } from './bottom-nav';

export function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <QuickAddProvider>
      <div className="signed-in-layout">
        <main className="signed-in-layout__main">{children}</main>
        <BottomNav />
      </div>
    </QuickAddProvider>
  );
}
