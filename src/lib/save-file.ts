/**
 * Offers data to the user as a downloaded file (GeoJSON, CSV and PDF exports of maps and reports). A `File` the server
 * named (a download through the API client) keeps its name; `fileName` is for data made here or a nameless answer.
 */
export function saveFile(data: Blob | string, fileName: string, type = 'application/octet-stream') {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = typeof data !== 'string' && 'name' in data && typeof data.name === 'string' && data.name ? data.name : fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
