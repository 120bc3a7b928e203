/** Sends `file` as the multipart field `file`, with the text `fields` filled; the answer once accepted. */
export function sendFile<T>(upload: { start: (form: FormData) => Promise<T | undefined> }, file: File, fields: Record<string, string> = {}): Promise<T | undefined> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value.trim() !== '') form.append(key, value.trim());
  form.append('file', file);
  return upload.start(form);
}
