import type { AuthAnswer, AuthRequest } from '../../../../machines/session.machine.ts';
import { accountEndpoints } from '../../../contract/account-endpoints.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/** The fields of the form's event: its `type` names the endpoint and is not sent. */
const withoutType = <R extends AuthRequest>({ type: _type, ...body }: R): Omit<R, 'type'> => body;

/** The session's one auth request: the form's event says which endpoint; every answer is checked with its struct. */
export function sendAuthRequest(api: ApiClient, request: AuthRequest): Promise<AuthAnswer> {
  switch (request.type) {
    case 'login.submit':
      return call(api, accountEndpoints.login, { body: withoutType(request) });
    case 'googleLogin.submit':
      return call(api, accountEndpoints.googleLogin, { body: withoutType(request) });
    case 'signup.submit':
      return call(api, accountEndpoints.signup, { body: withoutType(request) });
    case 'passwordReset.request':
      return call(api, accountEndpoints.resetEmailSend, { body: withoutType(request) });
    case 'passwordReset.submit':
      return call(api, accountEndpoints.resetPassword, { body: withoutType(request) });
    case 'email.verify':
      return call(api, accountEndpoints.verify, { body: withoutType(request) });
    case 'verification.resend':
      return call(api, accountEndpoints.verifyResend, { body: withoutType(request) });
  }
}

/** A new token pair for the refresh token; the refresh coordinator calls it inside its cross-tab lock, once per 401 wave. */
export const exchangeRefreshToken = (api: ApiClient, refresh: string) => call(api, accountEndpoints.tokenRefresh, { body: { refresh }, cancelPrevious: false });

/** Revokes the login on the server (spec: POST /api/user/logout/); nothing to revoke without a refresh token. */
export const revokeLogin = (api: ApiClient, refresh: string | null) => (refresh ? call(api, accountEndpoints.logout, { body: { refresh } }) : Promise.resolve());
