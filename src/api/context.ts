import { createContext, useContext } from 'react';
import type { ApiClient } from './client.ts';

export const ApiContext = createContext<ApiClient | null>(null);

/** The app's one HTTP client. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an <ApiContext.Provider> above it');
  return api;
}
