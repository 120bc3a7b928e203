/** Sends `file` as the multipart field `file`, the one field the upload endpoints read; the answer once accepted. */
export function sendFile<T>(upload: { start: (form: FormData) => Promise<T | undefined> }, file: File): Promise<T | undefined> {
  const form = new FormData();
  form.append('file', file);
  return upload.start(form);
}
