import { Alert } from '@chakra-ui/react';
import { useSession } from '../../lib/actors-context.tsx';

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
      <Alert.Root status={notice.kind === 'sessionExpired' ? 'warning' : 'success'} role="status">
        <Alert.Indicator />
        <Alert.Title>{notice.detail}</Alert.Title>
      </Alert.Root>
    );
  }
  return null;
}
