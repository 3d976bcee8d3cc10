import type { components } from '../../api/schema.gen';
import { ClipIcon } from './ClipIcon';

type UploadedFile = components['schemas']['UploadedFile'];

/** Files attached to a notice or a suggestion; each downloads under its original (Korean) name. */
export function AttachmentList({ files }: { files: UploadedFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="attachments" aria-label="첨부파일">
      {files.map((f) => (
        <li key={f.filename}>
          <a href={f.path} download={f.originalFilename}>
            <ClipIcon size={15} /> {f.originalFilename}
          </a>
        </li>
      ))}
    </ul>
  );
}
