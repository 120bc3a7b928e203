import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuthEvent =
  | 'signup'
  | 'verify'
  | 'login'
  | 'login_failed'
  | 'login_unverified'
  | 'login_throttled'
  | 'google_login'
  | 'refresh_reused'
  | 'logout'
  | 'reset_requested'
  | 'reset_done'
  | 'password_changed'
  | 'password_change_failed'
  | 'password_change_throttled'
  | 'account_edited';

export interface RequestMeta {
  ip: string;
  userAgent: string;
}

export function auditRepository(db: Db) {
  return {
    async record(event: AuthEvent, meta: RequestMeta, userId?: string, detail: Record<string, unknown> = {}) {
      await db.insert(auditLog).values({ event, userId, ip: meta.ip, userAgent: meta.userAgent.slice(0, 512), detail });
    },
  };
}
