import type { Infer } from 'superstruct';
import type { ContactBody } from '../../../contract/auth.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** Sends the landing page's contact form; anyone may, signed in or not. */
export const sendContact = (api: ApiClient, body: Infer<typeof ContactBody>) => api.post('/api/create-contact/', body, { auth: false });
