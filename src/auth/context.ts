import { createContext, useContext } from 'react';
import type { Session } from './session.ts';

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionContext.Provider> above it');
  return session;
}
