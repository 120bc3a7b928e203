import type { Account } from '../src/contract/auth.ts';
import type { AppContext } from './context.ts';
import type { User } from './repositories/users.ts';

export const accountView = (user: User, ctx: Pick<AppContext, 'media' | 'billingEnabled'>): Account => ({
  name: user.name,
  email: user.email,
  company_name: user.companyName,
  media_photo: ctx.media.url(user.mediaPhoto),
  media_preview: ctx.media.url(user.mediaPreview),
  show_subscription: ctx.billingEnabled,
  stepper_id: user.stepperId,
});
