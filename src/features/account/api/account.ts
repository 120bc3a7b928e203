import { Account, DetailResponse } from '../../../contract/auth.ts';
import type { ChangePasswordBody } from '../../../contract/password-change.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

/** The signed-in user's account. (The root layout reads the same endpoint for the header; see ADR 021.) */
export const getAccount = (api: ApiClient, { signal }: { signal?: AbortSignal } = {}) => api.get('/api/user/account/get/', { struct: Account, signal });

/** Saves the name, the company and (multipart) a new photo; 400 with field errors, 413/415 for the photo. */
export const editAccount = (api: ApiClient, body: FormData) => api.patch('/api/user/account/edit/', body, { struct: Account });

/** A new password, proven by the current one; this login stays, the others end. 400 with field errors, 429 after too many wrong ones. */
export const changePassword = (api: ApiClient, body: ChangePasswordBody) => api.patch('/api/user/change_password/', body, { struct: DetailResponse });
