import { Box, Separator } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useActors } from '../../lib/actors-context.tsx';
import { PublicConfig } from '../../contract/auth.ts';

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
  const [clientId, setClientId] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('/api/config/', { struct: PublicConfig, auth: false, signal: controller.signal })
      .then((config) => setClientId(config.google_client_id))
      .catch(() => setClientId(null));
    return () => controller.abort();
  }, [api]);

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
