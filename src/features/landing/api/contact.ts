import type { Infer } from 'superstruct';
import type { ContactBody } from '../../../contract/auth.ts';
import { accountEndpoints } from '../../../contract/account-endpoints.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/** Sends the landing page's contact form; anyone may, signed in or not. */
export const sendContact = (api: ApiClient, body: Infer<typeof ContactBody>) => call(api, accountEndpoints.contactCreate, { body });
