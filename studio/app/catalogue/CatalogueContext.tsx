/**
 * What the project holds, as the studio server lists it (GET /studio-api/services): its services, the shared
 * field definitions a field may use, and the templates a new service starts from. Loaded once by the
 * shell, again after a save or a new service.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CatalogueResponse } from '../../server/api.ts';
import { studioApi } from '../api.ts';

export interface CatalogueValue extends CatalogueResponse {
  /** False until the first answer. */
  loaded: boolean;
  /** Why the list could not be read; null when it was. */
  error: string | null;
  reload(): Promise<void>;
}

const EMPTY: CatalogueResponse = { services: [], sharedFields: [], templates: [] };
const CatalogueContext = createContext<CatalogueValue | null>(null);

export function useCatalogue(): CatalogueValue {
  const value = useContext(CatalogueContext);
  if (!value) throw new Error('useCatalogue() is used outside a <CatalogueProvider>');
  return value;
}

interface CatalogueProviderProps {
  /** A known catalogue (a component test's); without it, the server is asked. */
  initial?: CatalogueResponse;
  load?: () => Promise<CatalogueResponse>;
  children: ReactNode;
}

export function CatalogueProvider({ initial, load = studioApi.catalogue, children }: CatalogueProviderProps) {
  const [state, setState] = useState<{ data: CatalogueResponse; loaded: boolean; error: string | null }>(() => ({ data: initial ?? EMPTY, loaded: initial !== undefined, error: null }));
  const reload = useCallback(
    () =>
      load().then(
        (data) => setState({ data, loaded: true, error: null }),
        (error: unknown) => setState((last) => ({ ...last, loaded: true, error: error instanceof Error ? error.message : String(error) })),
      ),
    [load],
  );
  useEffect(() => {
    if (initial === undefined) void reload();
  }, [initial, reload]);
  const value = useMemo(() => ({ ...state.data, loaded: state.loaded, error: state.error, reload }), [state, reload]);
  return <CatalogueContext.Provider value={value}>{children}</CatalogueContext.Provider>;
}
