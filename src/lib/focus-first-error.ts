/** A control a form marks as wrong: Chakra's Field sets aria-invalid on the control of an invalid field. */
const invalidControl = 'input[aria-invalid="true"], textarea[aria-invalid="true"], select[aria-invalid="true"], [role="radiogroup"][aria-invalid="true"]';

/**
 * Brings the form's first wrong field (in document order) into view and puts the cursor in it, so a person who submitted
 * a long form sees what to fix. Returns the field, or null when nothing in the form is marked wrong. Call it after the
 * errors have rendered (useForm does; a form whose errors come back from the server calls it when they arrive).
 */
export function focusFirstError(form: HTMLElement | null): HTMLElement | null {
  const field = form?.querySelector<HTMLElement>(invalidControl) ?? null;
  if (!field) return null;
  // jsdom has no scrollIntoView; the focus below still moves.
  field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  field.focus({ preventScroll: true });
  return field;
}
