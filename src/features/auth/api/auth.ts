import type { AuthAnswer, AuthRequest } from '../../../../machines/session.machine.ts';
import { DetailResponse, LoginResponse, SignupResponse, TokenPair } from '../../../contract/auth.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

const anonymous = { auth: false } as const;

/** The session's one auth request: the form's event says which endpoint; every answer is checked with its struct. */
export function sendAuthRequest(api: ApiClient, { type, ...body }: AuthRequest): Promise<AuthAnswer> {
  switch (type) {
    case 'login.submit':
      return api.post('/api/user/login/', body, { ...anonymous, struct: LoginResponse });
    case 'googleLogin.submit':
      return api.post('/api/user/google_login/', body, { ...anonymous, struct: LoginResponse });
    case 'signup.submit':
      return api.post('/api/user/signup/', body, { ...anonymous, struct: SignupResponse });
    case 'passwordReset.request':
      return api.post('/api/user/reset/email_send/', body, { ...anonymous, struct: DetailResponse });
    case 'passwordReset.submit':
      return api.patch('/api/user/reset_password/', body, { ...anonymous, struct: DetailResponse });
    case 'email.verify':
      return api.post('/api/user/verify/', body, { ...anonymous, struct: DetailResponse });
    case 'verification.resend':
      return api.post('/api/user/verify/resend/', body, { ...anonymous, struct: DetailResponse });
  }
}

/** A new token pair for the refresh token; the refresh coordinator calls it inside its cross-tab lock, once per 401 wave. */
export const exchangeRefreshToken = (api: ApiClient, refresh: string) =>
  api.post('/api/user/token/refresh/', { refresh }, { struct: TokenPair, auth: false, cancelPrevious: false });

/** Revokes the login on the server (spec: POST /api/user/logout/); nothing to revoke without a refresh token. */
export const revokeLogin = (api: ApiClient, refresh: string | null) => (refresh ? api.post('/api/user/logout/', { refresh }, anonymous) : Promise.resolve());
