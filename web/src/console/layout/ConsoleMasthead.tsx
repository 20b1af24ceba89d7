import type { ReactNode } from 'react';
import { BUSINESS } from '#shared/constants/business.ts';

/** The console's top bar: whose console this is, and (signed in) the owner's own controls. */
export function ConsoleMasthead({ children }: { children?: ReactNode }) {
  return (
    <header className="console-masthead">
      <p className="console-masthead__name">
        {BUSINESS.name} <span className="console-masthead__tag">Console</span>
      </p>
      {children}
    </header>
  );
}
