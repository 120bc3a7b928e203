import type { Account } from '../../src/contract/auth.ts';
import type { MediaStore } from '../platform/media.ts';
import type { User } from './users-repository.ts';

export const accountView = (user: User, ctx: { media: MediaStore; billingEnabled: boolean }): Account => ({
  name: user.name,
  email: user.email,
  company_name: user.companyName,
  media_photo: ctx.media.url(user.mediaPhoto),
  media_preview: ctx.media.url(user.mediaPreview),
  show_subscription: ctx.billingEnabled,
  stepper_id: user.stepperId,
});
