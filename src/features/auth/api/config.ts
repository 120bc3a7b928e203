import { accountEndpoints } from '../../../contract/account-endpoints.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/** The server's public settings (the Google client id, when Google sign-in is on); asked before signing in. */
export const getPublicConfig = (api: ApiClient, { signal }: { signal?: AbortSignal } = {}) => call(api, accountEndpoints.config, { signal });
