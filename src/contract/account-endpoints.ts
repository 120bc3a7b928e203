/**
 * The endpoints anyone may call and those of the signed-in user's own account: the client's configuration, the contact
 * form, signing up, in and out, and the account. Part of src/contract/endpoints.ts's list, kept in a module of its own
 * because the first page's scripts (landing, sign-in, the header) call them: importing the whole list there would carry
 * every domain's structs into the landing page (tests/e2e/bundle-size.test.ts). Import `endpoints` everywhere else.
 */
import {
  Account,
  AccountEditBody,
  ContactBody,
  DetailResponse,
  EmailBody,
  GoogleLoginBody,
  Health,
  LoginBody,
  LoginResponse,
  PublicConfig,
  RefreshBody,
  ResetPasswordBody,
  SignupBody,
  SignupResponse,
  TokenPair,
  VerifyBody,
} from './auth.ts';
import type { Endpoint } from './endpoints.ts';
import { ChangePasswordBody } from './password-change.ts';

const user = '/api/user';

export const accountEndpoints = {
  // Anyone: health, the client's configuration, the contact form.
  health: { method: 'GET', path: '/api/health/', answer: Health, public: true },
  config: { method: 'GET', path: '/api/config/', answer: PublicConfig, public: true },
  contactCreate: { method: 'POST', path: '/api/create-contact/', body: ContactBody, answer: DetailResponse, public: true },

  // Signing up, in and out (server/auth/routes.ts).
  signup: { method: 'POST', path: `${user}/signup/`, body: SignupBody, answer: SignupResponse, public: true },
  verify: { method: 'POST', path: `${user}/verify/`, body: VerifyBody, answer: DetailResponse, public: true },
  verifyResend: { method: 'POST', path: `${user}/verify/resend/`, body: EmailBody, answer: DetailResponse, public: true },
  login: { method: 'POST', path: `${user}/login/`, body: LoginBody, answer: LoginResponse, public: true },
  googleLogin: { method: 'POST', path: `${user}/google_login/`, body: GoogleLoginBody, answer: LoginResponse, public: true },
  tokenRefresh: { method: 'POST', path: `${user}/token/refresh/`, body: RefreshBody, answer: TokenPair, public: true },
  logout: { method: 'POST', path: `${user}/logout/`, body: RefreshBody, answer: DetailResponse, public: true },
  resetEmailSend: { method: 'POST', path: `${user}/reset/email_send/`, body: EmailBody, answer: DetailResponse, public: true },
  resetPassword: { method: 'PATCH', path: `${user}/reset_password/`, body: ResetPasswordBody, answer: DetailResponse, public: true },

  // The account (server/auth/account-routes.ts); edit takes JSON or a multipart form with the photo.
  accountGet: { method: 'GET', path: `${user}/account/get/`, answer: Account },
  accountEdit: { method: 'PATCH', path: `${user}/account/edit/`, body: AccountEditBody, file: 'media_photo', answer: Account },
  passwordChange: { method: 'PATCH', path: `${user}/change_password/`, body: ChangePasswordBody, answer: DetailResponse },
} as const satisfies Record<string, Endpoint>;
