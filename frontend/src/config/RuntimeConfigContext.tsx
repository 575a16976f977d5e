import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeConfig } from '../../../shared/config/runtime-config';

const RuntimeConfigContext = createContext<RuntimeConfig | undefined>(undefined);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig must be used inside RuntimeConfigProvider');
  return config;
}
