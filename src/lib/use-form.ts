import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { focusFirstError } from './focus-first-error.ts';
/** A rule of src/contract, or one that also reads the other fields (a repeated password). */
export type FieldRule<F extends string> = (value: string, values: Record<F, string>) => string | undefined;
export type FieldRules<F extends string> = Record<F, FieldRule<F>[]>;

/**
 * Form values checked with the spec's rules (src/contract). Errors show after the first submit attempt,
 * then follow every keystroke; `serverErrors` (the API's field messages) show until the field is edited.
 * `reset` starts over: new values and nothing shown until the next submit attempt. A submit that the rules stop moves
 * the cursor to the first wrong field of the form (focusFirstError) once its errors show, as do the server's field
 * messages when they arrive.
 */
export function useForm<F extends string>(initial: Record<F, string>, rules: FieldRules<F>, serverErrors?: Record<string, string[]>) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Set<string>>(new Set());
  // The form last submitted, and a count that changes at each submit the rules stop: the focus moves once the errors
  // have rendered, for the rules' errors and for the server's when they arrive.
  const submittedForm = useRef<HTMLElement | null>(null);
  const [stopped, setStopped] = useState(0);
  useEffect(() => {
    if (stopped > 0) focusFirstError(submittedForm.current);
  }, [stopped]);
  // Once per sent submit: a caller may build `serverErrors` anew at each render.
  const awaitingServer = useRef(false);
  useEffect(() => {
    if (!serverErrors || !awaitingServer.current) return;
    awaitingServer.current = false;
    focusFirstError(submittedForm.current);
  }, [serverErrors]);

  const clientErrors = useMemo(() => {
    const errors: Partial<Record<F, string>> = {};
    for (const field of Object.keys(rules) as F[]) {
      for (const rule of rules[field]) {
        const error = rule(values[field], values);
        if (error) {
          errors[field] = error;
          break;
        }
      }
    }
    return errors;
  }, [values, rules]);

  const errorOf = (field: F): string | undefined =>
    (submitted ? clientErrors[field] : undefined) ?? (edited.has(field) ? undefined : serverErrors?.[field]?.[0]);

  const bind = (field: F) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [field]: value }));
      setEdited((current) => new Set(current).add(field));
    },
  });

  /** Wraps a submit handler: runs it with the values only when every rule passes. */
  const onSubmit = useCallback(
    (handler: (values: Record<F, string>) => void) => (event: FormEvent) => {
      event.preventDefault();
      setSubmitted(true);
      setEdited(new Set());
      // A second submit button (type="button") sends its click here: its form is the one to search.
      const target = event.currentTarget as HTMLElement;
      submittedForm.current = target.closest('form') ?? target;
      if (Object.keys(clientErrors).length === 0) {
        awaitingServer.current = true;
        return handler(values);
      }
      setStopped((count) => count + 1);
    },
    [clientErrors, values],
  );

  /** After a successful send: the values (by default the initial ones) as if never submitted or edited. */
  const reset = (next: Record<F, string> = initial) => {
    setValues(next);
    setSubmitted(false);
    setEdited(new Set());
  };

  return { values, setValues, bind, errorOf, onSubmit, reset };
}
