import { createCookieJar } from '../lib/support/fake-api.ts';

/**
 * An XMLHttpRequest for jsdom that sends the app's uploads as the browser would, through Node's fetch and a cookie
 * jar: jsdom's own would send cross-origin and without cookies, and Node's fetch cannot read jsdom's FormData, so the
 * text parts are written out here. The CSRF header is taken from the jar when the upload is sent, so a token the
 * server renewed meanwhile is the one sent (as a browser's page reads document.cookie at that moment).
 */
export function uploadsThrough(baseUrl: string, jar = createCookieJar(), { fileType }: { fileType?: string } = {}) {
  return class {
    status = 0;
    responseText = '';
    upload = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private target = '';
    private readonly headers = new Headers();
    open(_method: string, url: string) {
      this.target = new URL(url, baseUrl).href;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const boundary = 'sunplot-test-upload';
      const typeLine = fileType ? `\r\nContent-Type: ${fileType}` : '';
      void (async () => {
        const parts = await Promise.all(
          [...form.entries()].map(async ([name, value]) =>
            typeof value === 'string' ? `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}` : `Content-Disposition: form-data; name="${name}"; filename="${value.name}"${typeLine}\r\n\r\n${await value.text()}`,
          ),
        );
        if (!jar.readCookie('csrftoken')) await jar.fetch(`${baseUrl}/api/config/`);
        this.headers.set('x-csrftoken', jar.readCookie('csrftoken') ?? '');
        this.headers.set('content-type', `multipart/form-data; boundary=${boundary}`);
        const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
        const response = await jar.fetch(this.target, { method: 'POST', headers: this.headers, body }).catch(() => null);
        if (!response) return this.onerror?.();
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      })();
    }
  };
}
