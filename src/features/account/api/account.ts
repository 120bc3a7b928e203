import type { ChangePasswordBody } from '../../../contract/password-change.ts';
import { accountEndpoints } from '../../../contract/account-endpoints.ts';
import { call, type ApiClient } from '../../../lib/api-client.ts';

/** The signed-in user's account. (The root layout reads the same endpoint for the header; see ADR 021.) */
export const getAccount = (api: ApiClient, { signal }: { signal?: AbortSignal } = {}) => call(api, accountEndpoints.accountGet, { signal });

/** Saves the name, the company and (multipart) a new photo; 400 with field errors, 413/415 for the photo. */
export const editAccount = (api: ApiClient, body: FormData) => call(api, accountEndpoints.accountEdit, { body });

/** A new password, proven by the current one; this login stays, the others end. 400 with field errors, 429 after too many wrong ones. */
export const changePassword = (api: ApiClient, body: ChangePasswordBody) => call(api, accountEndpoints.passwordChange, { body });
