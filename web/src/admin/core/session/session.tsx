import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginResponse } from '@stakedesk/shared/api-types';
import type { AdminRole } from '@stakedesk/shared/roles';
import { createAdminClient, loginRequest, passkeyLoginRequest, type AdminClient } from '../api/admin-client.js';
import { useAdminI18n, useLocalizeMessage } from '../../i18n.js';
import { usePlatform } from '../../platform.js';
import { createStepUpBroker, type StepUpBroker } from '../api/step-up.js';
import { useToast } from '../../toast.js';
import { revokeOnServer } from './logout.js';

export type Credentials = { username: string; password: string; code?: string };
/** The password again, with a passkey's answer to the options the login answered. */
export type PasskeyCredentials = { username: string; password: string; response: unknown };

type Session = {
  /** undefined while the stored token is being read. */
  client: AdminClient | null | undefined;
  /** The role the login answered; after a reload only GET /api/admin/me knows it. */
  loginRole: AdminRole | null;
  /** settings.requireTwoFactor is on and this admin has not enrolled: the token is good for enrolment only. */
  setupRequired: boolean;
  /** Enrolment done: on to the panel. */
  finishSetup(): void;
  login(credentials: Credentials): Promise<LoginResponse>;
  loginWithPasskey(credentials: PasskeyCredentials): Promise<LoginResponse>;
  /** Revokes the token on the server (whatever the answer, even none) and forgets it here. */
  logout(): Promise<void>;
  /** Carries on with a new token (sign out everywhere made every earlier one worthless). */
  replaceToken(token: string): Promise<void>;
  /** Ends the session saying why (a toast under "Please log in again"). */
  endWith(reason: string): void;
  /** Where the API client asks for a step-up and the dialog answers. */
  stepUp: StepUpBroker;
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
  const [loginRole, setLoginRole] = useState<AdminRole | null>(null);
  const [setupRequired, setSetupRequired] = useState(false);
  const [stepUp] = useState(createStepUpBroker);
  // The token in force right now: an answer to an older one (before sign out everywhere) must not end this session.
  const current = useRef<string | null | undefined>(undefined);
  const ending = useRef(false);

  const adopt = useCallback((next: string | null) => {
    current.current = next;
    setToken(next);
  }, []);

  useEffect(() => {
    platform.tokenStore.load().then(adopt, () => adopt(null));
  }, [platform, adopt]);

  const end = useCallback(async () => {
    adopt(null);
    setLoginRole(null);
    setSetupRequired(false);
    await platform.tokenStore.clear();
    queryClient.clear();
    platform.setPendingCount(0);
  }, [platform, queryClient, adopt]);

  const endWith = useCallback(
    (reason: string) => {
      if (ending.current) return;
      ending.current = true;
      void end();
      toast.error(t('session.ended'), reason);
    },
    [end, toast, t],
  );

  const client = useMemo(() => {
    if (!token) return token === undefined ? undefined : null;
    return createAdminClient(platform.serverUrl, token, {
      // Every call that meets a 401 lands here; the first one ends the session and says why.
      onUnauthorized: (error) => current.current === token && endWith(localize(error)),
      onTwoFactorSetupRequired: () => current.current === token && setSetupRequired(true),
      stepUp: stepUp.ask,
    });
  }, [platform, token, endWith, localize, stepUp]);

  const begin = useCallback(
    async (answer: LoginResponse) => {
      await platform.tokenStore.save(answer.token);
      ending.current = false;
      setLoginRole(answer.role);
      setSetupRequired(answer.twoFactorSetupRequired === true);
      adopt(answer.token);
      return answer;
    },
    [platform, adopt],
  );

  const login = useCallback(
    async (credentials: Credentials) => begin(await loginRequest<LoginResponse>(platform.serverUrl, credentials)),
    [platform, begin],
  );

  const loginWithPasskey = useCallback(
    async (credentials: PasskeyCredentials) => begin(await passkeyLoginRequest<LoginResponse>(platform.serverUrl, credentials)),
    [platform, begin],
  );

  const replaceToken = useCallback(
    async (next: string) => {
      current.current = next;
      await platform.tokenStore.save(next);
      adopt(next);
    },
    [platform, adopt],
  );

  const logout = useCallback(async () => {
    // A call that meets the revoked token meanwhile is no news to tell.
    ending.current = true;
    if (client) await revokeOnServer(client);
    await end();
  }, [client, end]);

  const finishSetup = useCallback(() => {
    setSetupRequired(false);
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const value = useMemo(
    () => ({ client, loginRole, setupRequired, finishSetup, login, loginWithPasskey, logout, replaceToken, endWith, stepUp }),
    [client, loginRole, setupRequired, finishSetup, login, loginWithPasskey, logout, replaceToken, endWith, stepUp],
  );
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
