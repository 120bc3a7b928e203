import { boolean, coerce, enums, nullable, number, object, optional, refine, string, unknown, type Infer, type Struct } from 'superstruct';
import { maxLength, text } from './fields.ts';
import { email, notBlank, required, type Rule } from './validation.ts';

export const passwordMessages = {
  tooShort: 'Password must be at least 8 characters.',
  tooLong: 'Password must be at most 256 characters.',
  tooCommon: 'This password is too common. Choose another one.',
} as const;

/** Length only, no composition rules (NIST SP 800-63B); the server also refuses common passwords. */
export const passwordLength: Rule = (value) => {
  if (typeof value !== 'string' || value.length === 0) return undefined;
  const length = [...value].length;
  if (length < 8) return passwordMessages.tooShort;
  if (length > 256) return passwordMessages.tooLong;
  return undefined;
};

const name = text(required, notBlank, maxLength(150));
const companyName = text(maxLength(150));
const emailAddress = text(required, email, maxLength(254));
export const currentPassword = text(required, maxLength(256));
export const newPassword = text(required, passwordLength);
const token = text(required, maxLength(4096));

export const SignupBody = object({ name, email: emailAddress, password: newPassword, company_name: optional(companyName) });
export const LoginBody = object({ email: emailAddress, password: currentPassword });
export const GoogleLoginBody = object({ credential: token });
export const RefreshBody = object({ refresh: token });
export const VerifyBody = object({ token });
export const EmailBody = object({ email: emailAddress });
export const ResetPasswordBody = object({ token, password: newPassword });
/** The step of the getting-started guide: a whole number from 1 (spec: account state stepper_id, default 1). */
export const stepperMessage = 'Step must be a whole number from 1 to 99.';
// A form sends the step as text. Kept apart from the GIS number rules, which the landing page's bundle does not need.
const stepperId = coerce(
  refine(unknown(), 'step', (value) => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 99) || stepperMessage),
  string(),
  (text) => (/^\d+$/.test(text) ? Number(text) : text),
) as unknown as Struct<number, null>;
export const AccountEditBody = object({ name: optional(name), company_name: optional(companyName), stepper_id: optional(stepperId) });
export const ContactBody = object({
  name,
  email: emailAddress,
  phone: optional(text(maxLength(32))),
  message: text(required, notBlank, maxLength(5000)),
});

export const Account = object({
  name: string(),
  email: string(),
  company_name: string(),
  media_photo: nullable(string()),
  media_preview: nullable(string()),
  show_subscription: boolean(),
  stepper_id: number(),
});
export const TokenPair = object({ access: string(), refresh: string() });
export const LoginResponse = object({ access: string(), refresh: string(), project: boolean(), user: Account });
export const Health = object({ status: string(), db: string(), answer_cache: enums(['on', 'off', 'disabled']), version: string() });
export const PublicConfig = object({
  google_client_id: nullable(string()),
  billing: boolean(),
  /** Whether the NSRDB weather source can be chosen (the server has NSRDB_API_KEY). */
  nsrdb: boolean(),
  /** How mail leaves the server: over SMTP (SMTP_URL), or into DATA_DIR/outbox with its link printed on the console. */
  mail: enums(['smtp', 'outbox']),
});

export type Account = Infer<typeof Account>;
export type PublicConfig = Infer<typeof PublicConfig>;
export type LoginResponse = Infer<typeof LoginResponse>;
export type TokenPair = Infer<typeof TokenPair>;
/** Answers of the auth endpoints that only confirm (verify, resend, reset mail, reset password). */
export const DetailResponse = object({ detail: string() });
export const SignupResponse = object({ detail: string(), email: string() });
