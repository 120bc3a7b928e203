import sharp from 'sharp';
import { feasibilityMessages, type plotMapTypes } from '../../src/contract/feasibility.ts';
import { DomainError } from '../platform/domain-error.ts';

const imageTypes: Record<string, (typeof plotMapTypes)[number]> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type of a plot map, judged by content, never by name or declared type: a PDF by its header and end-of-file
 * marker, an image by its signature and a decoder that can read its header. Anything else (an SVG or HTML renamed
 * .png, a damaged file) answers 415.
 */
export async function plotMapType(bytes: Uint8Array): Promise<(typeof plotMapTypes)[number]> {
  const refused = new DomainError('unsupportedMedia', feasibilityMessages.plotMapType);
  if (startsWith(bytes, ascii('%PDF-'))) {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
    if (!tail.includes('%%EOF')) throw new DomainError('unsupportedMedia', 'This PDF is incomplete (no end-of-file marker). Upload the whole file.');
    return 'application/pdf';
  }
  const png = startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const jpeg = startsWith(bytes, [0xff, 0xd8, 0xff]);
  const webp = startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
  if (!png && !jpeg && !webp) throw refused;
  const metadata = await sharp(bytes, { limitInputPixels: 100_000_000 })
    .metadata()
    .catch(() => {
      throw refused;
    });
  const type = metadata.format ? imageTypes[metadata.format] : undefined;
  if (!type || !metadata.width || !metadata.height) throw refused;
  return type;
}
