import type { MailMessage } from './mailer.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const notAsked = 'If you did not ask for this, ignore this message.';

function linkMail(to: string, subject: string, greetingName: string, lines: string[], action: string, link: string, closing = notAsked): MailMessage {
  // The link on a line of its own: a mail client shows it whole and a reader of the .eml finds it at once.
  const text = [`Hello ${greetingName},`, '', ...lines, '', `${action}:`, link, '', closing, '', 'Sunplot'].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(greetingName)},</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Or paste this address into your browser: ${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(closing)}</p>`,
    '<p>Sunplot</p>',
  ].join('\n');
  return { to, subject, text, html, link };
}

export const verificationMail = (to: string, name: string, link: string) =>
  linkMail(to, 'Confirm your email address for Sunplot', name, ['Welcome to Sunplot. Confirm your email address to start planning projects. The link is valid for 7 days.'], 'Confirm my email address', link);

export const passwordResetMail = (to: string, name: string, link: string) =>
  linkMail(to, 'Reset your Sunplot password', name, ['Someone asked to reset the password of your Sunplot account. The link is valid for 1 hour and works once; using it signs you out everywhere.'], 'Choose a new password', link);

/** The notice after a password change; its link (the public forgot-password page) lets the owner take the account back. */
export const passwordChangedMail = (to: string, name: string, forgotPasswordLink: string) =>
  linkMail(
    to,
    'Your Sunplot password was changed',
    name,
    ['The password of your Sunplot account was just changed, and every other session of the account was logged out.'],
    'If this was not you, choose a new password now',
    forgotPasswordLink,
    'If it was you, there is nothing more to do.',
  );
