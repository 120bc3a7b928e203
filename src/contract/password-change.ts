/**
 * Choosing a password twice over (reset and change forms) and PATCH /api/user/change_password/. Apart from auth.ts,
 * which the landing page loads: only signed-in and reset screens need this.
 */
import { object, type Infer } from 'superstruct';
import { currentPassword, newPassword } from './auth.ts';

export const passwordChangeMessages = {
  differ: 'The two passwords are not the same.',
  wrongCurrent: 'This is not your current password.',
  sameAsCurrent: 'The new password must differ from the current one.',
  noPassword: 'This account signs in with Google and has no password. To set one, log out and use “Forgot your password?”.',
} as const;

/** A form's repeated password: the same as the field `first` (the server is sent the password once). */
export const sameAs =
  <F extends string>(first: F) =>
  (value: string, values: Record<F, string>): string | undefined =>
    value === values[first] ? undefined : passwordChangeMessages.differ;

/** The signed-in user's new password, proven by the current one. */
export const ChangePasswordBody = object({ current_password: currentPassword, new_password: newPassword });
export type ChangePasswordBody = Infer<typeof ChangePasswordBody>;
