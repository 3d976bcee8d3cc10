import type { components } from '../../src/api/schema.gen';
import type { UploadRow } from '../db/rows';
import { downloadPath } from './access';

/**
 * The record of a stored upload, as `UploadFiles` returns it and suggestions list it (`path` downloads
 * it: signed when only its uploader may, since the web client uses it as a plain link).
 */
export function uploadedFile(
  u: Pick<UploadRow, 'filename' | 'original_filename' | 'size' | 'content_type'>,
  signed = false,
): components['schemas']['UploadedFile'] {
  return {
    filename: u.filename,
    originalFilename: u.original_filename,
    path: downloadPath(u.filename, u.original_filename, signed),
    size: u.size,
    contentType: u.content_type,
  };
}
