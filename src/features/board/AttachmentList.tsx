import { useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema.gen';
import { fileUrlQuery } from '../../api/queries/files';
import { ClipIcon } from './ClipIcon';

type UploadedFile = components['schemas']['UploadedFile'];

/** Raster images are shown in the post; the browser cannot be trusted to render anything else safely. */
const isInlineImage = (f: UploadedFile) => /^image\/(png|jpeg|gif|webp)$/.test(f.contentType);

/**
 * Files attached to a notice or a suggestion; each downloads under its original (Korean) name, and an
 * image is also shown inline through the URL GetFileUrl gives (signed when the file is private).
 */
export function AttachmentList({ files }: { files: UploadedFile[] }) {
  if (files.length === 0) return null;
  const images = files.filter(isInlineImage);
  return (
    <>
      {images.map((f) => (
        <InlineImage key={f.filename} file={f} />
      ))}
      <ul className="attachments" aria-label="첨부파일">
        {files.map((f) => (
          <li key={f.filename}>
            <a href={f.path} download={f.originalFilename}>
              <ClipIcon size={15} /> {f.originalFilename}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function InlineImage({ file }: { file: UploadedFile }) {
  const url = useQuery(fileUrlQuery(file.filename));
  if (url.isError)
    return <p className="attachment-image__error">이미지를 불러오지 못했습니다. 아래 첨부파일로 내려받아 주세요.</p>;
  if (!url.data) return <div className="attachment-image attachment-image--loading" aria-hidden="true" />;
  return (
    <figure className="attachment-image">
      <img src={url.data.url} alt={file.originalFilename} loading="lazy" decoding="async" />
      <figcaption>{file.originalFilename}</figcaption>
    </figure>
  );
}
