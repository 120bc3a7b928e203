import { Box, Separator } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { useResource } from '../../lib/use-resource.ts';
import { getPublicConfig } from './api/config.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (answer: { credential: string }) => void }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

function loadGoogleScript(): Promise<GoogleIdentity> {
  const existing = (window as { google?: GoogleIdentity }).google;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://accounts.google.com/gsi/client';
    script.async = true;
    script.onload = () => {
      const google = (window as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be reached'));
    document.head.append(script);
  });
}

/** "Sign in with Google", shown only when the server has GOOGLE_CLIENT_ID and Google's script loads. */
export function GoogleSignIn() {
  const { api, session } = useActors();
  const slot = useRef<HTMLDivElement>(null);
  // Without an answer there is no button: the email form still works.
  const clientId = useResource('public config', (signal) => getPublicConfig(api, { signal })).data?.google_client_id ?? null;

  useEffect(() => {
    if (!clientId) return;
    let active = true;
    loadGoogleScript()
      .then((google) => {
        if (!active || !slot.current) return;
        google.accounts.id.initialize({ client_id: clientId, callback: ({ credential }) => session.send({ type: 'googleLogin.submit', credential }) });
        google.accounts.id.renderButton(slot.current, { theme: 'outline', size: 'large', text: 'continue_with', width: 280 });
      })
      .catch(() => undefined); // offline or blocked: the email form still works
    return () => {
      active = false;
    };
  }, [clientId, session]);

  if (!clientId) return null;
  return (
    <>
      <Separator />
      <Box ref={slot} display="flex" justifyContent="center" minH="44px" />
    </>
  );
}
