import { define } from 'superstruct';

/** A file answer (responseType 'blob'). Checked by shape: in tests the Blob may come from another realm than the page's Blob constructor. */
export const BlobBody = define<Blob>('Blob', (value) => typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function' && typeof (value as Blob).size === 'number');
