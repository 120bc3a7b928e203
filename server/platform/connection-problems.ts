/** Why a fetch to another service failed, in words a planner can act on (never a bare ENOTFOUND). */

const problems: Record<string, string> = {
  ENOTFOUND: 'its address could not be looked up: this server may have no internet access',
  EAI_AGAIN: 'its address could not be looked up: this server may have no internet access',
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was cut off',
  EHOSTUNREACH: 'there is no network route to it from this server',
  ENETUNREACH: 'there is no network route to it from this server',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was cut off',
  CERT_HAS_EXPIRED: 'its certificate could not be verified',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate could not be verified',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate could not be verified',
};

/** The failed connection's reason from a fetch error's cause code. */
export function connectionProblem(error: unknown): string {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return (code && problems[code]) ?? 'the connection failed';
}
