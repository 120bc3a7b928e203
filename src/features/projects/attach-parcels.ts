import type { ApiClient, ApiError } from '../../lib/api-client.ts';
import { isCancelled } from '../../lib/api-client.ts';
import { attachParcel } from './api/projects.ts';

export interface AttachOutcome {
  attached: string[];
  failed: { apn: string; reason: string }[];
}

/** Attaches parcels from the parcel store by number, one after another; each failure is kept with the server's reason. */
export async function attachParcels(api: ApiClient, projectId: string, apns: readonly string[]): Promise<AttachOutcome> {
  const outcome: AttachOutcome = { attached: [], failed: [] };
  for (const apn of apns) {
    try {
      await attachParcel(api, projectId, apn);
      outcome.attached.push(apn);
    } catch (error) {
      if (isCancelled(error)) throw error;
      const failure = error as ApiError;
      const data = failure.data as { errors?: Record<string, string[]> } | undefined;
      outcome.failed.push({ apn, reason: failure.detail ?? data?.errors?.apn?.[0] ?? 'not attached' });
    }
  }
  return outcome;
}

/** One sentence for the snackbar; empty when nothing was asked. */
export function attachSummary({ attached, failed }: AttachOutcome): { text: string; complete: boolean } {
  if (failed.length > 0) return { text: `Not attached: ${failed.map(({ apn, reason }) => `${apn} (${reason})`).join('; ')}`, complete: false };
  return { text: attached.length > 0 ? `${attached.length} parcel${attached.length === 1 ? '' : 's'} attached.` : '', complete: true };
}
