import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginResponse } from '@stakedesk/shared/api-types';
import { createAdminClient, loginRequest, type AdminClient } from '../api/admin-client.js';
import { useAdminI18n, useLocalizeMessage } from '../i18n.js';
import { usePlatform } from '../platform.js';
import { useToast } from '../toast.js';

type Session = {
  /** undefined while the stored token is being read. */
  client: AdminClient | null | undefined;
  login(username: string, password: string): Promise<void>;
  logout(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

/** The logged-in admin: the token from the platform's store, and the API client that carries it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useAdminI18n();
  const localize = useLocalizeMessage();
  const [token, setToken] = useState<string | null>();
  const ending = useRef(false);

  useEffect(() => {
    platform.tokenStore.load().then(setToken, () => setToken(null));
  }, [platform]);

  const end = useCallback(async () => {
    await platform.tokenStore.clear();
    setToken(null);
    queryClient.clear();
    platform.setPendingCount(0);
  }, [platform, queryClient]);

  // Every call that meets a 401 lands here; the first one ends the session and says why.
  const expire = useCallback(
    (message: string) => {
      if (ending.current) return;
      ending.current = true;
      void end();
      toast.error(t('session.ended'), localize(message));
    },
    [end, toast, t, localize],
  );

  const client = useMemo(
    () => (token ? createAdminClient(platform.serverUrl, token, expire) : token === undefined ? undefined : null),
    [platform, token, expire],
  );

  const login = useCallback(
    async (username: string, password: string) => {
      const { token: issued } = await loginRequest<LoginResponse>(platform.serverUrl, username, password);
      await platform.tokenStore.save(issued);
      ending.current = false;
      setToken(issued);
    },
    [platform],
  );

  const value = useMemo(() => ({ client, login, logout: end }), [client, login, end]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The API client of the logged-in admin (only rendered while logged in). */
export function useAdminClient(): AdminClient {
  const { client } = useSession();
  if (!client) throw new Error('useAdminClient while logged out');
  return client;
}
