import { Alert, Stack } from '@chakra-ui/react';
import type { SessionNotice } from '../../../machines/session.machine.ts';
import { useActors, useSession } from '../../lib/actors-context.tsx';
import { useResource } from '../../lib/use-resource.ts';
import { getPublicConfig } from './api/config.ts';

/** Notices that tell the user a link was mailed. */
const mailedKinds = new Set<SessionNotice['kind']>(['signedUp', 'verificationSent', 'resetMailSent']);

export const outboxMessage = "This server has no mail set up: the link is in the server's console and in DATA_DIR/outbox.";

/**
 * The session's last notice or form-level error (a refusal's `detail`, a 429's wait). Field errors are
 * shown by the fields themselves.
 */
export function SessionFeedback() {
  const notice = useSession((s) => s.context.notice);
  const errors = useSession((s) => s.context.errors);
  if (errors?.detail) {
    const wait = errors.retryAfterSeconds ? ` Try again in ${Math.ceil(errors.retryAfterSeconds / 60)} min.` : '';
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{errors.detail + wait}</Alert.Title>
      </Alert.Root>
    );
  }
  if (notice) {
    return (
      <Stack gap={3}>
        <Alert.Root status={notice.kind === 'sessionExpired' ? 'warning' : 'success'} role="status">
          <Alert.Indicator />
          <Alert.Title>{notice.detail}</Alert.Title>
        </Alert.Root>
        {mailedKinds.has(notice.kind) && <OutboxNote />}
      </Stack>
    );
  }
  return null;
}

/** Where a mailed link went on a server without SMTP: asked of the server only once a link was mailed. */
function OutboxNote() {
  const { api } = useActors();
  const outbox = useResource('public config', (signal) => getPublicConfig(api, { signal })).data?.mail === 'outbox';
  if (!outbox) return null;
  return (
    <Alert.Root status="info" role="note">
      <Alert.Indicator />
      <Alert.Title>{outboxMessage}</Alert.Title>
    </Alert.Root>
  );
}
