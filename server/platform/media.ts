import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { DomainError } from './domain-error.ts';

export const maxPhotoBytes = 5 * 1024 * 1024;
const acceptedFormats = new Set(['png', 'jpeg', 'webp']);
const mediaName = /^[a-f0-9]{32}\.webp$/;

/** User images on local disk: judged by content, re-encoded (metadata, EXIF included, is dropped), random names. */
export function createMediaStore(dir: string, publicUrl: string) {
  async function write(image: Sharp) {
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await writeFile(join(dir, name), await image.webp({ quality: 85 }).toBuffer());
    return name;
  }

  return {
    dir,
    async saveProfilePhoto(bytes: Buffer): Promise<{ photo: string; preview: string }> {
      const unsupported = new DomainError('unsupportedMedia', 'Upload a PNG, JPEG or WebP image.');
      const metadata = await sharp(bytes, { limitInputPixels: 40_000_000 })
        .metadata()
        .catch(() => {
          throw unsupported;
        });
      if (!metadata.format || !acceptedFormats.has(metadata.format)) throw unsupported;
      await mkdir(dir, { recursive: true });
      // rotate() applies the EXIF orientation before the metadata is dropped.
      const source = () => sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
      try {
        const photo = await write(source().resize(1024, 1024, { fit: 'inside', withoutEnlargement: true }));
        const preview = await write(source().resize(160, 160, { fit: 'cover' }));
        return { photo, preview };
      } catch {
        throw new DomainError('unsupportedMedia', 'The image could not be read. Upload a PNG, JPEG or WebP image.');
      }
    },
    async remove(name: string | null | undefined) {
      if (name && mediaName.test(name)) await rm(join(dir, name), { force: true });
    },
    isMediaName: (name: string) => mediaName.test(name),
    url: (name: string | null | undefined) => (name ? `${publicUrl}/media/${name}` : null),
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
