import { PublicConfig } from '../../../contract/auth.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The server's public settings (the Google client id, when Google sign-in is on); asked before signing in. */
export const getPublicConfig = (api: ApiClient, { signal }: { signal?: AbortSignal } = {}) => api.get('/api/config/', { struct: PublicConfig, auth: false, signal });
