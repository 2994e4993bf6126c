/**
 * A context with no default value: its hook throws, naming the provider, when a component reads
 * it outside that provider (a bug in the shell, not something to render around).
 */
import { createContext, useContext, type Provider } from 'react';

export function createRequiredContext<Value>(
  hookName: string,
  providerName: string,
): [Provider<Value | null>, () => Value] {
  const Context = createContext<Value | null>(null);
  function useRequiredContext(): Value {
    const value = useContext(Context);
    if (value === null) throw new Error(`${hookName} must be used inside <${providerName}>`);
    return value;
  }
  return [Context.Provider, useRequiredContext];
}
